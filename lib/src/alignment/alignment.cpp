// Context::align and Context::aligns: optimal alignments in O(m + n) device memory by
// divide and conquer on breakpoints (BiWFA, Marco-Sola et al. 2023; CUDAlign's stages 2-4
// split the same way, Sandes et al. 2016). A breakpoint engine (Capability::breakpoint)
// finds, for every piece of a level at once, a cell of an optimal path; each piece is split
// there into two whose distances it also gives, so every piece below the top is solved with
// its exact distance as bound. A piece whose distance a traceback engine takes
// (Capability::traceback) is aligned by it on the device; a piece with an empty side is all
// I or all D; the others go to the next level. Distances halve per level, so a pair of
// distance d takes about log2(d / the tracebacks' limit) + 2 levels of launches.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <string>

#include "io/cigar.hpp"
#include "runtime/clock.hpp"
#include "api/context_impl.hpp"
#include "api/input_rules.hpp"
#include "engines/batch_strings.hpp"
#include "engines/divergence.hpp"
#include "engines/registry.hpp"
#include "runtime/device_buffers.hpp"
#include "runtime/log.hpp"
#include "runtime/parallel.hpp"
#include "tuning/choice.hpp"

namespace levcl {
namespace {

using detail::Breakpoint;
using detail::CigarRuns;
using detail::Piece;
using detail::PieceTracer;

// A piece of pair `pair`, and its distance where known (-1 at the top, where the bound
// is the pair's).
struct PairPiece {
  std::size_t pair;
  Piece at;
  std::int64_t distance;
};

// Pieces with an empty side need no device: all D, or all I.
bool written_on_host(const PairPiece& piece) { return piece.at.m == 0 || piece.at.n == 0; }

// Levels in which a piece longer than its tracer's longest_walk is split again rather than
// traced (registry.hpp): a split that kept its piece whole cannot repeat forever.
constexpr std::size_t kLengthLevels = 48;

// A finished piece: written on the host, or its runs in the tracebacks' vector.
struct FinishedPiece {
  PairPiece piece;
  PieceTracer::Span runs{0, 0};
};

// The engines of one chunk of pairs, over its strings on the device: the breakpoint engine
// of the call, and the traceback engines, each opened when a piece first needs it. With
// `quick`, the breakpoint engine takes those parameters where its own program is not built
// (ColdPrograms: the variant's quick_build).
class PieceEngines {
 public:
  // `strings`: a and b on the device already, or null.
  PieceEngines(detail::OpenDevice& device, std::string_view a, std::string_view b,
               std::unique_ptr<detail::DeviceStrings> strings, const detail::Variant& splitter, const Params& params,
               std::optional<Params> quick)
      : device_(device), a_(a), b_(b), splitter_(splitter), params_(params), quick_(std::move(quick)),
        strings_(std::move(strings)) {}

  void split(const std::vector<Piece>& pieces, std::vector<Breakpoint>& found) {
    if (!finder_) open_finder();
    finder_->run(pieces, found);
  }
  // The breakpoint engine's parameters, as it was opened (or will be, before it is).
  const Params& params() const { return params_; }

  // The traceback engine for pieces of distance d, predicted fastest among those that
  // take it; null when none does.
  const detail::Variant* tracer_for(std::int64_t d) {
    // Asked for every piece of a level (320,000 of a batch's last): a table by distance, up
    // to the largest any tracer takes.
    if (chosen_.empty()) {
      std::int64_t most = -1;
      for (const detail::Variant* v : detail::variants_with(Capability::traceback))
        most = std::max(most, v->traceback.max_distance);
      chosen_.assign(static_cast<std::size_t>(most + 1), std::nullopt);
    }
    if (d < 0 || d >= static_cast<std::int64_t>(chosen_.size())) return nullptr;
    std::optional<const detail::Variant*>& known = chosen_[static_cast<std::size_t>(d)];
    if (known) return *known;
    std::vector<const detail::Variant*> able;
    for (const detail::Variant* v : detail::variants_with(Capability::traceback))
      if (v->traceback.max_distance >= d) able.push_back(v);
    const detail::Variant* chosen =
        able.empty() ? nullptr : &detail::cheapest(device_.info(), Capability::traceback, able, 1,
                                             [d](std::size_t) { return detail::PairShape{0, 0, double(d)}; });
    known = chosen;
    return chosen;
  }

  void trace(const detail::Variant& tracer, const std::vector<Piece>& pieces, CigarRuns& runs,
             std::vector<PieceTracer::Span>& spans) {
    std::unique_ptr<PieceTracer>& open = tracers_[&tracer];
    if (!open) open = tracer.traceback.open(device_, strings(), detail::resolve_params(tracer.info, {}));
    open->run(pieces, runs, spans);
  }

  // What every engine cost; the strings and every engine's buffers held at once, at most.
  Costs costs() const {
    Costs total;
    if (finder_) total += finder_->costs();
    for (const auto& [variant, tracer] : tracers_) total += tracer->costs();
    return total;
  }
  std::uint64_t peak_device_bytes() const {
    std::uint64_t bytes = strings_ ? strings_->bytes : 0;
    if (finder_) bytes += finder_->peak_device_bytes();
    for (const auto& [variant, tracer] : tracers_) bytes += tracer->peak_device_bytes();
    return bytes;
  }

 private:
  const detail::DeviceStrings& strings() {
    if (!strings_) strings_ = std::make_unique<detail::DeviceStrings>(device_, a_, b_);
    return *strings_;
  }

  void open_finder() {
    if (!quick_) {
      finder_ = splitter_.breakpoint.open(device_, strings(), params_);
      return;
    }
    try {
      const detail::OpenDevice::BuildsRefused no_builds(device_);
      finder_ = splitter_.breakpoint.open(device_, strings(), params_);
    } catch (const detail::ProgramNotBuilt& cold) {
      detail::log().debug("align: {} with its quicker build while {} is not built", splitter_.info.name, cold.what());
      params_ = *quick_;
      finder_ = splitter_.breakpoint.open(device_, strings(), params_);
    }
  }

  detail::OpenDevice& device_;
  std::string_view a_, b_;
  const detail::Variant& splitter_;
  Params params_;
  std::optional<Params> quick_;
  std::unique_ptr<detail::DeviceStrings> strings_;  // else uploaded when a piece first needs the device
  std::unique_ptr<detail::BreakpointFinder> finder_;
  std::map<const detail::Variant*, std::unique_ptr<PieceTracer>> tracers_;
  std::vector<std::optional<const detail::Variant*>> chosen_;  // by distance, once asked
};

// The top pieces of the pairs, each pair's alignment set to its ranges and to distance -1
// until found; pairs known to be above the bound need no piece.
std::vector<PairPiece> top_pieces(const std::vector<Piece>& pairs, std::int64_t max_distance,
                                  std::vector<Alignment>& out) {
  std::vector<PairPiece> pieces;
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    Piece top = pairs[p];
    const std::int64_t longest = std::max(top.m, top.n);
    top.bound = max_distance >= 0 ? std::min(max_distance, longest) : longest;
    out[p].a_end = static_cast<std::uint64_t>(top.m);
    out[p].b_end = static_cast<std::uint64_t>(top.n);
    out[p].distance = -1;
    if (std::abs(top.m - top.n) > top.bound) continue;  // above the bound, known without a launch
    if (top.m == 0 || top.n == 0) out[p].distance = longest;
    pieces.push_back({p, top, out[p].distance});
  }
  return pieces;
}

// What assembly keeps from call to call: tables of every finished piece (10^6 of a chunk
// of 10^5 pairs, whose fresh pages cost the H100 host more than filling them).
struct AssemblyTables {
  std::vector<std::size_t> firsts, order, next;
};

// A chunk's pieces level by level, the finished ones and their runs, kept by the device from
// call to call: a batch's are hundreds of thousands, and fresh pages cost more than filling
// them (the H100 host faulted in 51 MB of runs in about 0.15 s; a level's tables of 160,000
// pieces took 35 ms more than with glibc keeping what it freed, session 46 call 6).
struct ChunkTables {
  explicit ChunkTables(detail::OpenDevice&) {}
  std::vector<PairPiece> level, next;         // the pieces of a level, of the next
  std::vector<std::size_t> split;             // the level's pieces split
  std::vector<Piece> bounded;                 // those, as the breakpoint engine takes them
  std::vector<Breakpoint> found;              // and their breakpoints
  std::map<const detail::Variant*, std::vector<std::size_t>> traced;  // those traced, by engine
  std::map<const detail::Variant*, std::vector<PairPiece>> waiting;  // those of the levels before
  std::vector<Piece> exact;                   // an engine's traced, as it takes them
  std::vector<PieceTracer::Span> spans;       // and where their runs went
  std::vector<FinishedPiece> finished;
  CigarRuns runs;
  AssemblyTables assembly;
};

// Splits and traces the pieces level by level until every one is finished (into
// tables.finished, emptied first); sets the pairs' distances from their top pieces.
// `level_begins` is told each level as it begins.
void finish_pieces(PieceEngines& engines, const std::vector<PairPiece>& top, std::vector<Alignment>& out,
                   ChunkTables& tables, unsigned threads, const std::function<void(std::size_t level)>& level_begins) {
  std::vector<FinishedPiece>& finished = tables.finished;
  CigarRuns& runs = tables.runs;
  std::vector<PairPiece>& pieces = tables.level;
  std::vector<std::size_t>& split = tables.split;
  std::vector<Piece>& bounded = tables.bounded;
  const auto each = [&](std::size_t count, const auto& body) { detail::parallel_items(count, threads, body); };
  finished.clear();
  runs.clear();
  for (auto& [tracer, early] : tables.waiting) early.clear();
  pieces.assign(top.begin(), top.end());
  using Clock = std::chrono::steady_clock;
  for (std::size_t level = 0; !pieces.empty(); ++level) {
    level_begins(level);
    const Clock::time_point level_start = Clock::now();
    double trace_ms = 0, split_ms = 0;
    split.clear();
    std::map<const detail::Variant*, std::vector<std::size_t>>& traced = tables.traced;
    for (auto& [tracer, group] : traced) group.clear();
    for (std::size_t q = 0; q < pieces.size(); ++q) {
      const PairPiece& piece = pieces[q];
      const detail::Variant* tracer = piece.distance >= 0 ? engines.tracer_for(piece.distance) : nullptr;
      const bool too_long = tracer && tracer->traceback.longest_walk > 0 && level < kLengthLevels &&
                            piece.distance >= 2 && std::max(piece.at.m, piece.at.n) > tracer->traceback.longest_walk;
      if (written_on_host(piece))
        finished.push_back({piece});
      else if (tracer && !too_long)
        traced[tracer].push_back(q);
      else
        split.push_back(q);
    }
    // Pieces traced while others are still split wait for the last level, where all are
    // traced in one launch a traceback engine: a divergent pair's levels each finish a few
    // hundred (HHV-6B x EBV's eight levels of tracebacks, 5.3 ms of launches and reads).
    std::map<const detail::Variant*, std::vector<PairPiece>>& waiting = tables.waiting;
    if (!split.empty()) {
      for (const auto& [tracer, group] : traced)
        for (const std::size_t q : group) waiting[tracer].push_back(pieces[q]);
    } else {
      for (auto& [tracer, group] : traced) waiting[tracer];  // every engine with pieces, in the map's order
      for (auto& [tracer, early] : waiting) {
        const std::vector<std::size_t>& group = traced[tracer];
        const std::size_t count = early.size() + group.size();
        if (count == 0) continue;
        const auto piece_at = [&](std::size_t k) -> const PairPiece& {
          return k < early.size() ? early[k] : pieces[group[k - early.size()]];
        };
        std::vector<Piece>& exact = tables.exact;
        exact.resize(count);
        each(count, [&](std::size_t k) {
          const PairPiece& piece = piece_at(k);
          exact[k] = {piece.at.a_offset, piece.at.m, piece.at.b_offset, piece.at.n, piece.distance};
        });
        std::vector<PieceTracer::Span>& spans = tables.spans;
        spans.clear();
        const Clock::time_point trace_start = Clock::now();
        engines.trace(*tracer, exact, runs, spans);
        trace_ms += 1e3 * detail::seconds_since(trace_start);
        const std::size_t before = finished.size();
        finished.resize(before + count);
        each(count, [&](std::size_t k) { finished[before + k] = {piece_at(k), spans[k]}; });
        early.clear();
      }
    }
    if (split.empty()) {
      detail::log().debug("align: level {}: {} finished ({:.1f} ms, tracebacks {:.1f})", level, finished.size(),
                          1e3 * detail::seconds_since(level_start), trace_ms);
      break;
    }
    bounded.resize(split.size());
    each(split.size(), [&](std::size_t k) {
      const PairPiece& piece = pieces[split[k]];
      bounded[k] = {piece.at.a_offset, piece.at.m, piece.at.b_offset, piece.at.n,
                    piece.distance >= 0 ? piece.distance : piece.at.bound, piece.distance >= 0, piece.at.estimate};
    });
    const Clock::time_point split_start = Clock::now();
    std::vector<Breakpoint>& found = tables.found;
    engines.split(bounded, found);
    split_ms = 1e3 * detail::seconds_since(split_start);
    // Each split piece's two halves, in order; a top piece above its bound leaves none (its
    // pair's distance stays -1), a piece of known distance met at another is a defect.
    std::vector<PairPiece>& next = tables.next;
    next.resize(2 * split.size());
    std::atomic<bool> any_dropped{false};
    each(split.size(), [&](std::size_t k) {
      const PairPiece& piece = pieces[split[k]];
      const Breakpoint& at = found[k];
      if (piece.distance < 0) {  // the top: the pair's distance, or above the bound
        if (at.distance > bounded[k].bound) {
          next[2 * k].pair = next[2 * k + 1].pair = SIZE_MAX;
          any_dropped = true;
          return;
        }
        out[piece.pair].distance = at.distance;
      } else if (at.distance != piece.distance) {
        throw Error(ErrorCode::internal, "a piece of known distance " + std::to_string(piece.distance) +
                                             " met at " + std::to_string(at.distance));
      }
      const Piece& whole = piece.at;
      next[2 * k] = {piece.pair, {whole.a_offset, at.i, whole.b_offset, at.j, 0}, at.forward_score};
      next[2 * k + 1] = {piece.pair, {whole.a_offset + at.i, whole.m - at.i, whole.b_offset + at.j, whole.n - at.j, 0},
                         at.backward_score};
    });
    if (any_dropped)
      next.erase(std::remove_if(next.begin(), next.end(), [](const PairPiece& p) { return p.pair == SIZE_MAX; }),
                 next.end());
    pieces.swap(next);
    detail::log().debug("align: level {}: {} piece(s) split, {} finished ({:.1f} ms: breakpoints {:.1f}, tracebacks {:.1f})",
                        level, split.size(), finished.size(), 1e3 * detail::seconds_since(level_start), split_ms, trace_ms);
  }
}

// A part of a pair's path: consecutive finished pieces, whose runs are written and replayed
// on a thread of their own, so that one long pair's hundreds of thousands of runs (the
// plasmids of Table 3 have 11,780 pieces) take every host thread, not one. Its runs go
// straight to text, adjacent ones of one operation merged; where its first run goes on
// from the part before, the two become one run of that part (join_parts).
struct PathPart {
  PathPart(std::size_t pair_, std::size_t first_, std::size_t last_) : pair(pair_), first(first_), last(last_) {}
  std::size_t pair, first, last;  // its pieces: order[first, last)
  std::string text;
  std::size_t runs = 0;
  detail::CigarRun head{0, 0}, tail{0, 0};  // its first and last runs (one where runs == 1)
  std::size_t head_chars = 0, tail_chars = 0;
  std::pair<std::uint64_t, std::uint64_t> used{0, 0};  // the bytes of a and b its runs consume
  std::size_t text_at = 0, text_size = 0;  // its runs in the pair's CIGAR
  std::uint64_t a_from = 0, b_from = 0;    // the bytes before it
  std::int64_t cost = 0;
};

// The bytes of a and of b a run consumes.
std::pair<std::uint64_t, std::uint64_t> consumption(const detail::CigarRun& run) {
  return {run.op == 'I' ? 0 : run.length, run.op == 'D' ? 0 : run.length};
}

// The part's runs, from its pieces in path order, as text: written through a pointer into
// room grown by doubling (an append a run cost as much as the rest of the pass), then cut
// to size.
void write_part(PathPart& part, const std::vector<FinishedPiece>& finished, const std::vector<std::size_t>& order,
                const CigarRuns& runs) {
  std::string& text = part.text;
  std::size_t size = 0;
  detail::CigarRun pending{0, 0};
  const auto flush = [&] {
    if (text.size() - size < detail::kRunTextMost) text.resize(std::max<std::size_t>(2 * text.size(), 256));
    char* const at = text.data() + size;
    const auto chars = static_cast<std::size_t>(detail::write_run(at, pending.op, pending.length) - at);
    size += chars;
    if (part.runs++ == 0) part.head = pending, part.head_chars = chars;
    part.tail = pending, part.tail_chars = chars;
    const auto [on_a, on_b] = consumption(pending);
    part.used.first += on_a;
    part.used.second += on_b;
  };
  const auto add = [&](char op, std::uint64_t length) {
    if (length == 0) return;
    if (pending.op == op) {
      pending.length += length;
      return;
    }
    if (pending.op != 0) flush();
    pending = {op, length};
  };
  for (std::size_t at = part.first; at < part.last; ++at) {
    const FinishedPiece& done = finished[order[at]];
    if (written_on_host(done.piece)) {
      add('D', static_cast<std::uint64_t>(done.piece.at.m));
      add('I', static_cast<std::uint64_t>(done.piece.at.n));
    }
    for (std::size_t r = done.runs.begin; r < done.runs.begin + done.runs.count; ++r) add(runs[r].op, runs[r].length);
  }
  if (pending.op != 0) flush();
  text.resize(size);
  text.shrink_to_fit();  // what the caller keeps: its CIGAR, not the room
}

// The pair's CIGAR from its parts' texts, in order: where a part's first run goes on from the
// last run before it, the two are written as one, counted in the part before; each part's
// text and bytes consumed set to what it replays.
void join_parts(PathPart* parts, std::size_t count, std::string& cigar) {
  PathPart* owner = nullptr;  // the part of the last run so far, its text at the end of cigar
  detail::CigarRun last{0, 0};
  std::size_t last_chars = 0;
  for (std::size_t k = 0; k < count; ++k) {
    PathPart& part = parts[k];
    std::string_view text = part.text;
    if (owner && part.runs > 0 && part.head.op == last.op) {
      cigar.resize(cigar.size() - last_chars);
      last.length += part.head.length;
      const std::size_t chars = detail::append_run(cigar, last.op, last.length);
      owner->text_size += chars - last_chars;
      last_chars = chars;
      const auto [on_a, on_b] = consumption(part.head);
      owner->used.first += on_a, owner->used.second += on_b;
      part.used.first -= on_a, part.used.second -= on_b;
      text.remove_prefix(part.head_chars);
      if (--part.runs == 0) {  // its one run went to the part before
        part.text_at = cigar.size();
        continue;
      }
    }
    part.text_at = cigar.size();
    part.text_size = text.size();
    if (cigar.empty() && text.size() == part.text.size())
      cigar = std::move(part.text);  // a batch's pairs are mostly one part each: moved, not copied
    else
      cigar += text;
    if (part.runs > 0) owner = &part, last = part.tail, last_chars = part.tail_chars;
  }
}

// The pieces a part takes at least: fewer would cost more to hand out than to build.
constexpr std::size_t kPiecesPerPart = 256;

// Each pair's CIGAR from its finished pieces, replayed before it is returned; the parts of
// the pairs' paths on the host's threads.
void assemble(const std::vector<FinishedPiece>& finished, const CigarRuns& runs, std::string_view a,
              std::string_view b, const std::vector<Piece>& pairs, std::vector<Alignment>& out, unsigned threads,
              AssemblyTables& tables) {
  const auto start = std::chrono::steady_clock::now();
  double ordered = 0, written = 0, joined = 0;  // seconds since start, as each pass ends
  // Each pair's pieces, by a counting sort on the pair (a stable sort of 320,000 pieces and
  // its buffer took most of 0.1 s), then in the order of a_offset + b_offset: they follow
  // each other along its path, each starting where the one before ended (an empty piece
  // anywhere).
  std::vector<std::size_t>& firsts = tables.firsts;  // each pair's first in `order`, and the end
  firsts.assign(pairs.size() + 1, 0);
  for (const FinishedPiece& f : finished) ++firsts[f.piece.pair + 1];
  for (std::size_t p = 0; p < pairs.size(); ++p) firsts[p + 1] += firsts[p];
  std::vector<std::size_t>& order = tables.order;
  order.resize(finished.size());
  std::vector<std::size_t>& next = tables.next;
  next.assign(firsts.begin(), firsts.end() - 1);
  for (std::size_t k = 0; k < finished.size(); ++k) order[next[finished[k].piece.pair]++] = k;
  const auto along = [&](std::size_t x, std::size_t y) {
    return finished[x].piece.at.a_offset + finished[x].piece.at.b_offset <
           finished[y].piece.at.a_offset + finished[y].piece.at.b_offset;
  };
  std::vector<PathPart> parts;
  std::vector<std::size_t> pair_parts;  // each pair's first part, for the pairs that have some
  for (std::size_t pair = 0; pair < pairs.size(); ++pair) {
    const std::size_t count = firsts[pair + 1] - firsts[pair];
    if (count == 0 || out[pair].distance < 0) continue;  // known above the bound (without a piece, or at the top)
    pair_parts.push_back(parts.size());
    const std::size_t cuts = std::clamp<std::size_t>(count / kPiecesPerPart, 1, threads);
    for (std::size_t c = 0; c < cuts; ++c)
      parts.emplace_back(pair, firsts[pair] + count * c / cuts, firsts[pair] + count * (c + 1) / cuts);
  }
  pair_parts.push_back(parts.size());
  detail::parallel_each(pairs.size(), threads, [&](std::size_t pair) {
    std::sort(order.begin() + static_cast<std::ptrdiff_t>(firsts[pair]),
              order.begin() + static_cast<std::ptrdiff_t>(firsts[pair + 1]), along);
  });
  ordered = detail::seconds_since(start);
  detail::parallel_each(parts.size(), threads, [&](std::size_t k) { write_part(parts[k], finished, order, runs); });
  written = detail::seconds_since(start);
  detail::parallel_each(pair_parts.size() - 1, threads, [&](std::size_t p) {
    PathPart* first = &parts[pair_parts[p]];
    const std::size_t count = pair_parts[p + 1] - pair_parts[p];
    join_parts(first, count, out[first->pair].cigar);
    for (std::size_t k = 1; k < count; ++k) {
      first[k].a_from = first[k - 1].a_from + first[k - 1].used.first;
      first[k].b_from = first[k - 1].b_from + first[k - 1].used.second;
    }
  });
  joined = detail::seconds_since(start);
  // A CIGAR is never returned unchecked: replaying it costs a pass over both strings, little
  // beside finding it, and turns any defect into an error, never a wrong answer. Its parts
  // replay apart, each from where the runs before it end; together they consume both strings.
  detail::parallel_each(parts.size(), threads, [&](std::size_t k) {
    PathPart& part = parts[k];
    const Piece& whole = pairs[part.pair];
    const auto clipped = [](std::string_view s, std::int64_t offset, std::int64_t size, std::uint64_t from,
                            std::uint64_t used) {
      const std::string_view mine = s.substr(static_cast<std::size_t>(offset), static_cast<std::size_t>(size));
      return mine.substr(std::min<std::size_t>(mine.size(), from), static_cast<std::size_t>(used));
    };
    try {
      part.cost = verify_alignment(clipped(a, whole.a_offset, whole.m, part.a_from, part.used.first),
                                   clipped(b, whole.b_offset, whole.n, part.b_from, part.used.second),
                                   std::string_view(out[part.pair].cigar).substr(part.text_at, part.text_size));
    } catch (const Error& e) {
      throw Error(ErrorCode::internal, "the alignment found does not replay (its part from a[" +
                                           std::to_string(part.a_from) + "], b[" + std::to_string(part.b_from) +
                                           "]): " + e.what());
    }
  });
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const PathPart& part = parts[k];
    if (k + 1 < parts.size() && parts[k + 1].pair == part.pair) continue;
    std::int64_t cost = 0;
    for (std::size_t q = k + 1; q-- > 0 && parts[q].pair == part.pair;) cost += parts[q].cost;
    const Piece& whole = pairs[part.pair];
    if (part.a_from + part.used.first != static_cast<std::uint64_t>(whole.m) ||
        part.b_from + part.used.second != static_cast<std::uint64_t>(whole.n))
      throw Error(ErrorCode::internal, "the alignment found consumes " + std::to_string(part.a_from + part.used.first) +
                                           " of " + std::to_string(whole.m) + " bytes of a and " +
                                           std::to_string(part.b_from + part.used.second) + " of " +
                                           std::to_string(whole.n) + " of b");
    if (cost != out[part.pair].distance)
      throw Error(ErrorCode::internal, "alignment of cost " + std::to_string(cost) + " for distance " +
                                           std::to_string(out[part.pair].distance));
  }
  detail::log().debug("align: {} runs of {} pairs in {} parts; ms: order {:.1f}, text {:.1f}, join {:.1f}, replay {:.1f}",
                      runs.size(), pairs.size(), parts.size(), 1e3 * ordered, 1e3 * (written - ordered),
                      1e3 * (joined - written), 1e3 * (detail::seconds_since(start) - joined));
}

// Pairs per chunk: their strings within what one upload may hold.
constexpr std::uint64_t kChunkBytes = std::uint64_t{1} << 30;

// A chunk of pairs: one pair aligned in place, its strings copied to the device when a
// piece first needs them; a batch's strings each once, end to end, on the device already
// (gathered in pinned memory the device keeps, copied as they are gathered), each pair the
// piece of them it is.
struct Chunk {
  std::string_view a, b;
  std::vector<Piece> pairs;
  std::unique_ptr<detail::DeviceStrings> on_device;
};

// `estimates`: each pair's sampled distance, or none.
Chunk next_chunk(detail::OpenDevice& device, const std::vector<std::string_view>& strings,
                 const std::vector<IndexPair>& pairs, const std::vector<double>& estimates, std::size_t& first,
                 unsigned threads) {
  const auto estimate = [&](std::size_t pair) { return estimates.empty() ? -1.0 : estimates[pair]; };
  const auto length = [&](std::uint32_t s) { return static_cast<std::int64_t>(strings[s].size()); };
  Chunk chunk;
  if (pairs.size() == 1) {
    chunk.a = strings[pairs[0].a];
    chunk.b = strings[pairs[0].b];
    chunk.pairs.push_back({0, length(pairs[0].a), 0, length(pairs[0].b), 0, false, estimate(0)});
    first = 1;
    return chunk;
  }
  const detail::BatchCall call{strings.data(), pairs.data(), pairs.size(), {}, threads, -1};
  std::vector<std::size_t> all(pairs.size());
  std::iota(all.begin(), all.end(), std::size_t{0});
  const std::size_t begin = first;
  first = detail::joined_chunk_end(call, all, begin, kChunkBytes);
  const std::vector<std::size_t> mine(all.begin() + static_cast<std::ptrdiff_t>(begin),
                                      all.begin() + static_cast<std::ptrdiff_t>(first));
  const detail::JoinedStrings joined = detail::join_strings(device, call, mine, "align-strings");
  chunk.a = chunk.b = joined.host;
  chunk.on_device = std::make_unique<detail::DeviceStrings>(joined.buffer, joined.bytes, joined.host);
  for (const std::size_t i : mine) {
    const IndexPair& pair = pairs[i];
    chunk.pairs.push_back({static_cast<std::int64_t>(joined.offset_of(pair.a)), length(pair.a),
                           static_cast<std::int64_t>(joined.offset_of(pair.b)), length(pair.b), 0, false,
                           estimate(i)});
  }
  return chunk;
}

}  // namespace

Alignment Context::align(std::string_view a, std::string_view b, const Options& options) {
  if (!impl_->members.empty()) return impl_->members.front().align(a, b, options);
  BatchAlignment batch = aligns(std::vector<PairView>{{a, b}}, options);
  Alignment out = std::move(batch.alignments.front());
  out.device = batch.device;
  out.variant = batch.variant;
  out.params = batch.params;
  out.costs = batch.costs;
  out.peak_device_bytes = batch.peak_device_bytes;
  detail::log().info("align: distance {} of {} x {} in {:.6f} s ({} cells, {} launches, kernel {:.6f} s, peak {} bytes)",
                     out.distance, a.size(), b.size(), out.costs.seconds, out.costs.cells, out.costs.launches,
                     out.costs.kernel_seconds, out.peak_device_bytes);
  return out;
}

BatchAlignment Context::aligns(const std::vector<PairView>& pairs, const Options& options) {
  const detail::IndexedPairs batch = detail::indexed(pairs);
  return aligns(batch.strings, batch.pairs, options);
}

BatchAlignment Context::aligns(const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
                               const Options& options) {
  check_options(options, Capability::breakpoint);
  detail::check_batch(strings, pairs, detail::thread_count(options.threads));
  if (detail::has_input_rules(options)) {
    const detail::RuledBatch ruled = detail::apply_input_rules(options, strings, pairs);
    return aligns(ruled.strings, ruled.pairs, detail::without_input_rules(options));
  }
  return impl_->aligns(strings, pairs, options);
}

BatchAlignment Context::Impl::aligns(const std::vector<std::string_view>& strings, const std::vector<IndexPair>& pairs,
                                     const Options& options) {
  const bool automatic = detail::is_automatic(options.variant);
  std::lock_guard<std::mutex> lock(mutex);
  const auto metered = start_call(pairs.size());
  if (!members.empty()) return detail::aligns_over_devices(*this, strings, pairs, options);
  // Each pair's breakpoint engine: the one named, or the one predicted fastest for it. A
  // pair's own choice, so that its CIGAR (which optimal path an engine finds) is the same in
  // any batch, chunk, device or rank; the pairs of each engine then run as one group.
  std::vector<const detail::Variant*> splitter_of;
  std::vector<double> estimates;  // sampled where a pair fills the device, for its top piece's first band too
  if (automatic) {
    // At a pair's estimated distance where it fills the device (as the models' measurements
    // do), else its longer length.
    std::vector<detail::PairShape> shapes(pairs.size());
    estimates.assign(pairs.size(), -1.0);
    detail::parallel_each(pairs.size(), detail::thread_count(options.threads), [&](std::size_t i) {
      const std::string_view a = strings[pairs[i].a], b = strings[pairs[i].b];
      const double m = static_cast<double>(a.size()), n = static_cast<double>(b.size());
      if (m * n >= detail::kSinglePairCells) estimates[i] = detail::DivergenceSample(a, b).estimated_distance();
      shapes[i] = {m, n, estimates[i] >= 0 ? estimates[i] : std::max(m, n)};
    });
    splitter_of = detail::cheapest_each(open().info(), Capability::breakpoint,
                                        detail::variants_with(Capability::breakpoint), pairs.size(),
                                        [&shapes](std::size_t i) { return shapes[i]; });
  }
  std::vector<std::string> splitters;              // in the order of their first pair
  std::vector<std::vector<std::size_t>> groups;    // each one's pairs, in order
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const std::string name = automatic ? splitter_of[i]->info.name : options.variant;
    const auto g = static_cast<std::size_t>(std::find(splitters.begin(), splitters.end(), name) - splitters.begin());
    if (g == splitters.size()) {
      splitters.push_back(name);
      groups.emplace_back();
    }
    groups[g].push_back(i);
  }
  if (groups.empty()) {  // no pair: the engine a pair would have, for the device and variant reported
    splitters.push_back(automatic ? detail::cheapest(open().info(), Capability::breakpoint,
                                                     detail::variants_with(Capability::breakpoint), 0,
                                                     [](std::size_t) { return detail::PairShape{}; })
                                        .info.name
                                  : options.variant);
    groups.emplace_back();
  }

  BatchAlignment batch;
  batch.alignments.resize(pairs.size());
  std::size_t done_before = 0;  // pairs of the groups before, for the progress of the whole call
  const auto start = std::chrono::steady_clock::now();
  double built = 0;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const Impl::Plan plan = this->plan(splitters[g], Capability::breakpoint, options.params);
    detail::OpenDevice& device = *plan.device;
    const double built_before = device.build_seconds();
    std::vector<IndexPair> group;
    std::vector<double> group_estimates;
    for (const std::size_t i : groups[g]) {
      group.push_back(pairs[i]);
      if (!estimates.empty()) group_estimates.push_back(estimates[i]);
    }
    // A small group's quicker build while its engine's program is not built (ColdPrograms).
    std::optional<Params> quick;
    if (automatic && detail::avoids_cold_builds(device.info(), cold_programs)) {
      double cells = 0;
      for (const IndexPair& p : group)
        cells += static_cast<double>(strings[p.a].size()) * static_cast<double>(strings[p.b].size());
      quick = detail::quick_build_params(*plan.variant, plan.params, cells);
    }
    Params used = plan.params;
    std::size_t placed = 0;  // the group's pairs aligned so far
    for (std::size_t first = 0; first < group.size();) {
      const double from = static_cast<double>(done_before + first) / static_cast<double>(pairs.size());
      const auto chunk_start = std::chrono::steady_clock::now();
      Chunk chunk = next_chunk(device, strings, group, group_estimates, first, detail::thread_count(options.threads));
      detail::log().debug("align: a chunk of {} pairs, {} bytes{} in {:.1f} ms", chunk.pairs.size(), chunk.a.size(),
                          chunk.on_device ? ", on the device" : "", 1e3 * detail::seconds_since(chunk_start));
      const double share = static_cast<double>(chunk.pairs.size()) / static_cast<double>(pairs.size());
      // A level takes about half the time of the one before: its pieces' distances halve.
      const auto level_begins = [&](std::size_t level) {
        const double level_share = std::ldexp(1.0, -static_cast<int>(level) - 1);
        device.progress().begin_part(from + share * (1 - 2 * level_share), share * level_share);
      };
      PieceEngines engines(device, chunk.a, chunk.b, std::move(chunk.on_device), *plan.variant, plan.params, quick);
      std::vector<Alignment> done(chunk.pairs.size());
      ChunkTables& tables = device.state<ChunkTables>("align");
      finish_pieces(engines, top_pieces(chunk.pairs, options.max_distance, done), done, tables,
                    detail::thread_count(options.threads), level_begins);
      const auto assembled = std::chrono::steady_clock::now();
      assemble(tables.finished, tables.runs, chunk.a, chunk.b, chunk.pairs, done, detail::thread_count(options.threads),
               tables.assembly);
      detail::log().debug("align: {} pairs assembled and replayed in {:.1f} ms", chunk.pairs.size(),
                          1e3 * detail::seconds_since(assembled));
      for (Alignment& alignment : done) batch.alignments[groups[g][placed++]] = std::move(alignment);
      device.progress().add_pairs(chunk.pairs.size());
      batch.costs += engines.costs();
      used = engines.params();  // as the last chunk opened it
      batch.peak_device_bytes = std::max(batch.peak_device_bytes, engines.peak_device_bytes());
    }
    done_before += group.size();
    built += device.build_seconds() - built_before;
    batch.device = device.info().name;
    batch.variant += (g == 0 ? "" : ", ") + plan.variant->info.name;
    if (g == 0) batch.params = used;
  }
  batch.costs.build_seconds = built;
  batch.costs.seconds = std::max(0.0, detail::seconds_since(start) - built);
  return batch;
}

}  // namespace levcl
