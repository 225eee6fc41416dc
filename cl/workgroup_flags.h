// What workgroup_flags.cl shares with the host: a value one workgroup hands another
// (publish_value, wait_value) lies in a 64-bit word with its flag, which the host fills
// with this before the launch; a published word never equals it (its flag set).
#ifndef LEVCL_WORKGROUP_FLAGS_H
#define LEVCL_WORKGROUP_FLAGS_H

#define WORKGROUP_VALUE_UNSET 0

// A launch's gathering (gather_all): two ints the host zeroes before it, the workgroups
// counted in and the decision, which the host reads after it.
#define GATHER_WORDS 2
#define GATHER_COUNTED 0
#define GATHER_DECISION 1
#define GATHER_UNDECIDED 0
#define GATHER_ALL_STARTED 1
#define GATHER_GAVE_UP 2

#endif
