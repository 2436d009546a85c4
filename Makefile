# Two commands for a fresh machine (see README): `make demo` and `make test`.
# Both install libpcre2 (the PCRE2 development files) and zlib's first when pkg-config cannot find them.
SWIFT ?= swift
# Recipes use bash (PIPESTATUS in `release`).
SHELL := /bin/bash
DEMO_LOG ?= SampleLogs/ipad-two-delegate-classes.log SampleLogs/rule-resign_before_background.log

.PHONY: chromium docs-screenshot demo test bench build release pcre2 xmllint man install install-files clean fuzz fuzz-build fuzz-smoke

pcre2:
	@if pkg-config --exists libpcre2-8 2>/dev/null && { pkg-config --exists zlib 2>/dev/null || [ "$$(uname)" = Darwin ]; }; then :; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "installing libpcre2-dev, zlib1g-dev and pkg-config with apt-get"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq libpcre2-dev zlib1g-dev pkg-config; \
	elif command -v brew >/dev/null 2>&1; then \
		echo "installing pcre2 and pkg-config with Homebrew (zlib comes with macOS)"; brew install pcre2 pkg-config; \
	else \
		echo "error: libpcre2-8 or zlib not found: install their development files (apt libpcre2-dev zlib1g-dev, brew pcre2)" >&2; exit 1; \
	fi

build: pcre2
	$(SWIFT) build

# On Linux the release binary is one static executable: the Swift runtime, Foundation, PCRE2,
# zlib and the C library inside it (ldd: "not a dynamic executable"), stripped. One file to copy
# to a CI runner with nothing installed. Against --static-swift-stdlib (PCRE2 and zlib shared), 5
# alternating runs, -j1: 1.28 s vs 1.25 s median on a 256 MB app-only console, 1.90 s vs 1.92 s
# on 128 MB at 10 % lifecycle lines; peak memory 18.6 vs 23.5 MB and 41.9 vs 47.5 MB.
#
# Concrete generic types' metadata is reached through accessor functions, not mangled names
# resolved at run time: the first use of each such type in a process (a table keyed by a type
# of tracecheck's, a list of its results) searched every protocol conformance in the binary,
# about 50 us each, 1 ms of a run on 64 MB of an app's console, much of it while the other
# core waited. Two threads on that console: 22.99 -> 22.24 and 20.82 -> 20.42 ms (medians of
# 41 and 31 alternating runs); a few lines 4.0 -> 3.5 ms; one thread level.
RELEASE_FLAGS ?= $(if $(filter Linux,$(shell uname)),-Xswiftc -static-executable,) $(METADATA_FLAGS)
METADATA_FLAGS = -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
release: pcre2
	@$(SWIFT) build -c release $(RELEASE_FLAGS) 2>&1 | grep -v "statically linked applications requires at runtime" | grep -v "^\s*$$" ; exit $${PIPESTATUS[0]}
	@if [ "$$(uname)" = Linux ]; then strip "$$($(SWIFT) build -c release $(RELEASE_FLAGS) --show-bin-path)/tracecheck"; fi

# Exit 1 from the demo is the point: its sample shows anomalies.
demo: build
	@echo "\$$ tracecheck report $(DEMO_LOG)"
	@$$($(SWIFT) build --show-bin-path)/tracecheck report $(DEMO_LOG); status=$$?; \
	echo "(exit status $$status: 0 clean, 1 findings, 2 unreadable input, 64 usage, 73 output not written)"; \
	[ $$status -le 1 ]

# The JUnit output is checked against its schema with xmllint (macOS has it).
xmllint:
	@if command -v xmllint >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "installing libxml2-utils (xmllint) with apt-get"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		{ $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq libxml2-utils; } \
			|| echo "note: could not install libxml2-utils; the JUnit schema test will be skipped" >&2; \
	else \
		echo "note: xmllint not found; the JUnit schema test will be skipped" >&2; \
	fi

# The HTML report is rendered in a real browser by the tests: headless Chromium.
chromium:
	@if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "installing chromium (headless, for the HTML report's browser test) with apt-get"; \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		{ $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; } \
			|| echo "note: could not install chromium; the HTML browser test will be skipped" >&2; \
	else \
		echo "note: no Chromium or Chrome found; the HTML browser test will be skipped" >&2; \
	fi

test: pcre2 xmllint chromium
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing

# docs/report.png, the README's picture of the HTML report (headless Chromium).
docs-screenshot: build chromium
	$$($(SWIFT) build --show-bin-path)/tracecheck report --format html --output .build/report.html \
		SampleLogs/rule-resign_before_background.log SampleLogs/ipad-two-delegate-classes.log SampleLogs/uikit-handler-not-run.log; [ $$? -le 1 ]
	$$(command -v chromium || command -v chromium-browser || command -v google-chrome) --headless --no-sandbox --disable-gpu \
		--hide-scrollbars --window-size=1280,1250 --screenshot=docs/report.png "file://$$(pwd)/.build/report.html#open-marker-3-1" 2>/dev/null

# Throughput and peak memory per capture format on generated captures (release build).
# BENCH_MB sets the size of each capture, BENCH_RUNS how many alternating runs the median is taken of,
# BENCH_TARGET_MB the size of the one large capture the issue's targets are measured on (0: none).
BENCH_MB ?= 64
BENCH_RUNS ?= 5
BENCH_TARGET_MB ?= 1024
bench: release
	BENCH_TARGET_MB=$(BENCH_TARGET_MB) $$($(SWIFT) build -c release --show-bin-path)/tracecheck-bench $(BENCH_MB) $(BENCH_RUNS)

# The man page, from the argument parser's description of the commands and the exit status
# table the code uses (a second once built).
man: build
	@mkdir -p .build/man
	@$$($(SWIFT) build --show-bin-path)/tracecheck manual > .build/man/tracecheck.1
	@echo "wrote .build/man/tracecheck.1 (man -l .build/man/tracecheck.1)"

# `make install PREFIX=/usr/local` (DESTDIR for packaging): the release binary, the man page
# and the bash, zsh and fish completions. `install-files` is the copy alone, from BIN.
PREFIX ?= /usr/local
BIN ?= $(shell $(SWIFT) build -c release $(RELEASE_FLAGS) --show-bin-path 2>/dev/null)
install: release
	@$(MAKE) -s install-files

install-files:
	@test -x "$(BIN)/tracecheck" || { echo "error: no tracecheck in $(BIN): run make release" >&2; exit 1; }
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
		"$(DESTDIR)$(PREFIX)/share/zsh/site-functions" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 "$(BIN)/tracecheck" "$(DESTDIR)$(PREFIX)/bin/tracecheck"
	"$(BIN)/tracecheck" manual > "$(DESTDIR)$(PREFIX)/share/man/man1/tracecheck.1"
	"$(BIN)/tracecheck" --generate-completion-script bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/tracecheck"
	"$(BIN)/tracecheck" --generate-completion-script zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tracecheck"
	"$(BIN)/tracecheck" --generate-completion-script fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tracecheck.fish"
	@echo "installed tracecheck, its man page and completions under $(DESTDIR)$(PREFIX)"

# Fuzzing (Fuzz/README.md): libFuzzer with AddressSanitizer, in a build of its own. `make fuzz`
# runs every target for FUZZ_SECONDS each on a corpus kept in .build-fuzz/corpus; `make
# fuzz-smoke` runs every target on its seeds and a few thousand mutations, the same ones each time
# (a fixed seed; CI runs it after `make test`).
FUZZ_TARGETS = FuzzCheck FuzzParted FuzzConfig FuzzBaseline FuzzGzip
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_RUNS ?= 3000
FUZZ_FLAGS = -c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
	-Xswiftc -enable-testing -Xcc -fsanitize=fuzzer-no-link,address
# The Swift backtracer takes over 30 s a crash and confuses ASan; leaks at exit are not defects here.
FUZZ_ENV = SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1

fuzz-build: pcre2
	@mkdir -p .build-fuzz
	@for target in $(FUZZ_TARGETS); do \
		TRACECHECK_FUZZ=1 $(SWIFT) build $(FUZZ_FLAGS) --product $$target > .build-fuzz/build.log 2>&1 \
			|| { grep -v "Cannot export local symbol" .build-fuzz/build.log; exit 1; }; \
	done
	@Fuzz/seeds.sh .build-fuzz/seeds

fuzz: fuzz-build
	@$(FUZZ_ENV) Fuzz/run.sh .build-fuzz -max_total_time=$(FUZZ_SECONDS) -- $(FUZZ_TARGETS)

fuzz-smoke: fuzz-build
	@$(FUZZ_ENV) Fuzz/run.sh .build-fuzz -runs=$(FUZZ_SMOKE_RUNS) -seed=1 -- $(FUZZ_TARGETS)

clean:
	rm -rf .build .build-fuzz
