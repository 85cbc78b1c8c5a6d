// glibc's Linux extensions that Swift's Glibc module does not bring in: malloc_trim and epoll (MHubDaemon), and
// posix_spawn's closefrom action (glibc 2.34; the benchmark's child processes).
#include <malloc.h>
#include <spawn.h>
#include <sys/epoll.h>

int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
