// libFuzzer's driver, for the fuzz executables (see Fuzz/README.md).
#ifndef CFUZZMAIN_H
#define CFUZZMAIN_H
#endif
