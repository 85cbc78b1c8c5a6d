// SQLite 3 (Debian: libsqlite3-dev) for the MHubDaemon target.
#include <sqlite3.h>
