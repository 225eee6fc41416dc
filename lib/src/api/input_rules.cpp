#include "api/input_rules.hpp"

#include <algorithm>

namespace levcl {
namespace {

bool is_n(char c) { return c == 'N' || c == 'n'; }

// Whether the rules change s as a pair's a (ignore_case: a lower-case letter; n_mismatch: an
// n, which becomes N) or as its b (any N or n, which become n).
bool changes(std::string_view s, const Options& options, bool as_b) {
  return std::any_of(s.begin(), s.end(), [&](char c) {
    return (options.ignore_case && c >= 'a' && c <= 'z') || (options.n_mismatch && (as_b ? is_n(c) : c == 'n'));
  });
}

}  // namespace

// Upper case first, then every N of a is 'N' and every N of b is 'n': no other byte of a pair
// is either then (b's letters, in upper case, have no 'n'; a's none but N), so an N matches
// nothing. Without ignore_case the case-free 'n' of b cannot be confused with a lower-case
// letter: a compares against b only, and a has no 'n' left.
std::string compared_bytes(std::string_view s, const Options& options, bool as_b) {
  std::string out(s);
  for (char& c : out) {
    if (options.ignore_case && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (options.n_mismatch && is_n(c)) c = as_b ? 'n' : 'N';
  }
  return out;
}

namespace detail {

bool has_input_rules(const Options& options) { return options.ignore_case || options.n_mismatch; }

Options without_input_rules(Options options) {
  options.ignore_case = options.n_mismatch = false;
  return options;
}

RuledBatch apply_input_rules(const Options& options, const std::vector<std::string_view>& strings,
                             const std::vector<IndexPair>& pairs) {
  RuledBatch out;
  out.strings.reserve(strings.size());
  // Each string's form as an a, in place; its form as a b appended where it differs.
  std::vector<std::uint32_t> as_b(strings.size());
  std::vector<bool> used_as_b(strings.size());
  for (const IndexPair& p : pairs) used_as_b[p.b] = true;
  for (std::size_t i = 0; i < strings.size(); ++i) {
    const std::string_view s = strings[i];
    out.strings.push_back(changes(s, options, false) ? out.copies.emplace_back(compared_bytes(s, options, false))
                                                     : s);
    as_b[i] = static_cast<std::uint32_t>(i);
  }
  for (std::size_t i = 0; i < strings.size(); ++i) {
    if (!used_as_b[i] || !options.n_mismatch || std::none_of(strings[i].begin(), strings[i].end(), is_n)) continue;
    as_b[i] = static_cast<std::uint32_t>(out.strings.size());
    out.strings.push_back(out.copies.emplace_back(compared_bytes(strings[i], options, true)));
  }
  out.pairs.reserve(pairs.size());
  for (const IndexPair& p : pairs) out.pairs.push_back({p.a, as_b[p.b]});
  return out;
}

}  // namespace detail
}  // namespace levcl
