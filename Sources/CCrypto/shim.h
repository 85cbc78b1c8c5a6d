// OpenSSL 3 libcrypto (Debian: libssl-dev) for the MatterCrypto target. Every function used is a plain
// C function, so no static inline shims are needed (BN_mod, a macro, is replaced by BN_nnmod).
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>
#include <openssl/rand.h>
