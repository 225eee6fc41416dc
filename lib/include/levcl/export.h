/* Symbol visibility: liblevcl exports only what its public headers declare. */
#ifndef LEVCL_EXPORT_H
#define LEVCL_EXPORT_H
#if defined(_WIN32)
#  ifdef LEVCL_BUILDING
#    define LEVCL_API __declspec(dllexport)
#  else
#    define LEVCL_API __declspec(dllimport)
#  endif
#else
#  define LEVCL_API __attribute__((visibility("default")))
#endif
#endif
