// SQLite 3 (Debian: libsqlite3-dev) for the MHubIO target.
#include <sqlite3.h>
