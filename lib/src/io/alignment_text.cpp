#include "levcl/alignment_text.hpp"

#include <algorithm>

#include "io/cigar.hpp"

namespace levcl {
namespace {

std::string name_or_star(std::string_view name) { return name.empty() ? "*" : std::string(name); }

}  // namespace

std::string paf_line(std::string_view a_name, std::string_view b_name, const Alignment& alignment) {
  std::uint64_t matches = 0, columns = 0;
  detail::for_each_run(alignment.cigar, [&](char op, std::uint64_t length) {
    columns += length;
    if (op == '=') matches += length;
  });
  const auto field = [](auto value) { return "\t" + std::to_string(value); };
  return name_or_star(b_name) + field(alignment.b_end - alignment.b_start) + field(alignment.b_start) +
         field(alignment.b_end) + "\t+\t" + name_or_star(a_name) + field(alignment.a_end - alignment.a_start) +
         field(alignment.a_start) + field(alignment.a_end) + field(matches) + field(columns) + "\t255\tNM:i:" +
         std::to_string(alignment.distance) + "\tcg:Z:" + alignment.cigar;
}

std::string sam_header(const std::vector<SequenceName>& references) {
  std::string header = "@HD\tVN:1.6\tSO:unsorted\n";
  for (const SequenceName& r : references)
    if (r.length > 0) header += "@SQ\tSN:" + name_or_star(r.name) + "\tLN:" + std::to_string(r.length) + "\n";
  return header + "@PG\tID:levcl\tPN:levcl\tVN:" + version();
}

std::string sam_line(std::string_view a_name, std::string_view b_name, std::string_view b, const Alignment& alignment) {
  // SAM has no empty SEQ: "*" stands for it. A read above the bound, or against an empty
  // reference, is unmapped, as SAM writes one: flag 4, RNAME "*", POS 0, CIGAR "*".
  const std::string seq = b.empty() ? "*" : std::string(b);
  if (alignment.distance < 0 || alignment.a_end == alignment.a_start)
    return name_or_star(b_name) + "\t4\t*\t0\t0\t*\t*\t0\t0\t" + seq + "\t*";
  return name_or_star(b_name) + "\t0\t" + name_or_star(a_name) + "\t" + std::to_string(alignment.a_start + 1) +
         "\t255\t" + (alignment.cigar.empty() ? "*" : alignment.cigar) + "\t*\t0\t0\t" + seq +
         "\t*\tNM:i:" + std::to_string(alignment.distance);
}

std::string pretty_alignment(std::string_view a, std::string_view b, std::string_view cigar, std::size_t width) {
  verify_alignment(a, b, cigar);
  width = std::max<std::size_t>(width, 1);
  std::string top, middle, bottom, ops;  // ops: the operation of each column
  const auto shown = [](char c) { return c >= 32 && c < 127 ? c : '.'; };
  std::size_t i = 0, j = 0;
  detail::for_each_run(cigar, [&](char op, std::uint64_t length) {
    for (std::uint64_t k = 0; k < length; ++k) {
      const bool uses_a = op != 'I', uses_b = op != 'D';
      top += uses_a ? shown(a[i]) : '-';
      bottom += uses_b ? shown(b[j]) : '-';
      middle += !uses_a || !uses_b ? ' ' : a[i] == b[j] ? '|' : '*';
      ops += op;
      i += uses_a;
      j += uses_b;
    }
  });
  // Each line starts with the position of its first byte; the label column fits the longest.
  const std::size_t label = std::to_string(std::max(a.size(), b.size()) + 1).size();
  const auto pad = [label](const std::string& s) { return std::string(label - std::min(label, s.size()), ' ') + s; };
  std::string out;
  std::size_t at_a = 0, at_b = 0;
  for (std::size_t column = 0; column < top.size(); column += width) {
    const std::size_t count = std::min(width, top.size() - column);
    const std::string t = top.substr(column, count), m = middle.substr(column, count), u = bottom.substr(column, count);
    out += "a " + pad(std::to_string(at_a + 1)) + " " + t + "\n";
    out += "  " + std::string(label, ' ') + " " + m + "\n";
    out += "b " + pad(std::to_string(at_b + 1)) + " " + u + "\n";
    if (column + width < top.size()) out += "\n";
    const std::string_view o = std::string_view(ops).substr(column, count);
    at_a += count - static_cast<std::size_t>(std::count(o.begin(), o.end(), 'I'));
    at_b += count - static_cast<std::size_t>(std::count(o.begin(), o.end(), 'D'));
  }
  return out;
}

}  // namespace levcl
