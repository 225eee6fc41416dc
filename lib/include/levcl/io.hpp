// levcl's file handling: reading an input string; writing and stamping result files.
#pragma once

#include <string>

#include "levcl/levcl.hpp"

namespace levcl {

// Reads one sequence from a file: FASTA or gzipped FASTA (record by zero-based index
// or by name, sequence lines concatenated, whitespace dropped), or any other file byte
// for byte (gzip is undone first). path "-" reads standard input. An empty file, and a
// FASTA record with no sequence lines, are the empty string. Throws bad_input for a
// missing or unreadable file, malformed FASTA, or a record that is not there.
LEVCL_API std::string read_sequence(const std::string& path, const std::string& record = "");

// Writes `contents` to `path` through a temporary file of a name unique to this process
// and thread, then renames it: readers never see half a file, and two writers never
// share a temporary. Throws bad_input when the file cannot be written.
LEVCL_API void write_file_atomically(const std::string& path, const std::string& contents);

// The time now, as result files record it: ISO 8601 in UTC, "2026-11-22T23:09:46Z".
LEVCL_API std::string utc_timestamp();

}  // namespace levcl
