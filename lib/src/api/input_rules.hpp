// Options' input rules (ignore_case, n_mismatch) applied where a call enters the library, so
// that every engine computes the distance the rules define without knowing of them.
#pragma once

#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "levcl/levcl.hpp"

namespace levcl::detail {

bool has_input_rules(const Options& options);
// The same options with the rules taken out, for the strings once the rules are applied.
Options without_input_rules(Options options);

// A batch as the engines see it under the rules: copies of the strings a rule changes, views
// of the caller's bytes elsewhere. n_mismatch gives a string with an N two forms, as an a
// and as a b (compared_bytes), and the pairs index the right one.
struct RuledBatch {
  std::deque<std::string> copies;  // a deque: growing it moves no string that `strings` views
  std::vector<std::string_view> strings;
  std::vector<IndexPair> pairs;
};
RuledBatch apply_input_rules(const Options& options, const std::vector<std::string_view>& strings,
                             const std::vector<IndexPair>& pairs);

}  // namespace levcl::detail
