// glibc's malloc extensions (malloc_trim), which Swift's Glibc module does not bring in; for MHubIO.
#include <malloc.h>
