// SwiftPM links an executable with `--defsym main=<Module>_main`. The fuzz targets' Swift
// files define only `LLVMFuzzerTestOneInput` (no @main), so each module's entry point is
// here: it hands the process to libFuzzer's driver with that target's callback.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_MAIN(module) \
    int module##_main(int argc, char **argv) { return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput); }

FUZZ_MAIN(FuzzCheck)
FUZZ_MAIN(FuzzParted)
FUZZ_MAIN(FuzzConfig)
FUZZ_MAIN(FuzzBaseline)
FUZZ_MAIN(FuzzGzip)
