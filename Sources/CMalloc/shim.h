// glibc's malloc(3) extensions, which Swift's Glibc module does not bring in.
#ifndef SEGUE_CMALLOC_SHIM_H
#define SEGUE_CMALLOC_SHIM_H

#include <malloc.h>

#endif
