// libqrencode (Debian: libqrencode-dev) for the MHubQRCode target.
#include <qrencode.h>
