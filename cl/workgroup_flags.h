// What workgroup_flags.cl shares with the host: a value one workgroup hands another
// (publish_value, wait_value) lies in a 64-bit word with its flag, which the host fills
// with this before the launch; a published word never equals it (its flag set).
#ifndef LEVCL_WORKGROUP_FLAGS_H
#define LEVCL_WORKGROUP_FLAGS_H

#define WORKGROUP_VALUE_UNSET 0

#endif
