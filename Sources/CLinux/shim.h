// glibc's Linux extensions that Swift's Glibc module does not bring in, for MHubIO: malloc_trim and epoll.
#include <malloc.h>
#include <sys/epoll.h>
