#!/usr/bin/env bash
# Lays out each fuzz target's seed corpus under $1 from the repository's own material:
# SampleLogs/ and Fuzz/seeds/ (configurations, baselines, captures of odd shapes). The
# capture targets read their options from the first byte, so each seed gets one before it.
set -euo pipefail
out=$1
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$out"
mkdir -p "$out"/{FuzzCheck,FuzzParted,FuzzConfig,FuzzBaseline,FuzzGzip}
index=0
for capture in "$root"/SampleLogs/*.log "$root"/Fuzz/seeds/captures/*; do
    name=$(basename "$capture")
    selector=$(printf '\\%03o' $((index % 256)))
    { printf "$selector"; cat "$capture"; } > "$out/FuzzCheck/$name"
    { printf "$selector"; cat "$capture"; } > "$out/FuzzParted/$name"
    gzip -c "$capture" > "$out/FuzzGzip/$name.gz"
    index=$((index + 37))
done
# A gzip stream cut short, and one with a damaged body.
first=$(ls "$out"/FuzzGzip/*.gz | head -n 1)
head -c 200 "$first" > "$out/FuzzGzip/truncated.gz"
{ head -c 30 "$first"; printf 'XXXXXXXX'; tail -c +39 "$first"; } > "$out/FuzzGzip/damaged.gz"
cp "$root"/Fuzz/seeds/config/* "$out/FuzzConfig/"
cp "$root"/Fuzz/seeds/baseline/* "$out/FuzzBaseline/"
