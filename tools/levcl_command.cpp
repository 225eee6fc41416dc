// The levcl command: its options, its outputs, and its runs of one pair or of a batch, for
// levcl (levcl.cpp) and levcl-mpi (levcl_mpi.cpp) alike.
#include "levcl_command.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <iostream>
#include <memory>
#include <new>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "command_main.hpp"
#include "json_text.hpp"
#include "levcl/alignment_text.hpp"
#include "levcl/io.hpp"
#include "levcl/levcl.hpp"
#include "levcl/stream.hpp"
#include "progress_line.hpp"

namespace levcl::tools {
namespace {

// --format pretty prints both strings in full: only for pairs a reader can take in.
constexpr std::size_t kPrettyLimit = 100000;

}  // namespace

void define_command_options(CLI::App& app, CommandOptions& o) {
  CLI::Option* a =
      app.add_option("A", o.a, "First input: FASTA, gzipped FASTA or any file compared byte for byte; - is stdin");
  CLI::Option* b = app.add_option("B", o.b, "Second input, as A (only one of A and B can be -)");
  app.add_option("--variant", o.variant, "Algorithm variant (see --list-variants); auto: the tuning database's choice")
      ->capture_default_str();
  add_param_option(app, o.params, "Variant parameter KEY=VALUE (repeatable), e.g. wg=64");
  app.add_option("--max-distance", o.max_distance,
                 "Only distances up to K matter: print -1 when the distance is larger (edlib's k); engines stop "
                 "as soon as they know")
      ->type_name("K")
      ->check(CLI::NonNegativeNumber);
  add_device_option(app, o.device);
  CLI::Option* record =
      app.add_option("--record", o.record, "FASTA record of both inputs: zero-based index or name (default: the first)")
          ->type_name("N|NAME");
  CLI::Option* record_a =
      app.add_option("--record-a", o.record_a, "FASTA record of A, or of --query (overrides --record)")
          ->type_name("N|NAME");
  CLI::Option* record_b =
      app.add_option("--record-b", o.record_b, "FASTA record of B (overrides --record)")->type_name("N|NAME");

  // The batch modes: instead of A and B, and one at a time.
  CLI::Option* pairs =
      app.add_option("--pairs", o.pairs,
                     "Batch: the pairs of a pairs file (gzip and - allowed), one a line: two sequences, or "
                     "FASTA path, record, path, record (record: index or name, empty: the first); tab-separated")
          ->type_name("FILE");
  CLI::Option* query = app.add_option("--query", o.query,
                                      "Batch: A's record (the first, or --record-a) against every record of --targets; in "
                                      "alignments the read placed on each target (SAM's QNAME, PAF's query)")
                           ->type_name("A.fa");
  CLI::Option* targets =
      app.add_option("--targets", o.targets, "Batch: the FASTA file whose records --query is compared with, streamed")
          ->type_name("B.fa");
  CLI::Option* all_vs_all =
      app.add_option("--all-vs-all", o.all_vs_all,
                     "Batch: every unordered pair of the file's records once, in order (0,1), (0,2), ..., (1,2), ...")
          ->type_name("FILE.fa");
  query->needs(targets);
  targets->needs(query);
  for (CLI::Option* mode : {pairs, query, all_vs_all}) mode->excludes(a)->excludes(b)->excludes(record_b);
  for (CLI::Option* mode : {pairs, all_vs_all}) mode->excludes(record)->excludes(record_a);
  pairs->excludes(query)->excludes(all_vs_all);
  query->excludes(all_vs_all);
  app.add_option("--threads", o.threads, "Host threads for CPU variants and for packing batches (default: every core)")
      ->type_name("N");
  app.add_flag("--list-devices", o.list_devices, "List the OpenCL devices (* marks the default) and exit");
  app.add_flag("--list-variants", o.list_variants, "List the variants and their parameters and exit");
  app.add_flag("--json", o.json,
               "Print a JSON object with the distance, timings and settings; in batches, a JSON object a pair "
               "(name_a, name_b, len_a, len_b, distance) instead of a table line");
  app.add_flag("--align", o.align,
               "Print an optimal alignment, not only the distance: a CIGAR of = X I D, where I is a byte of B "
               "missing from A and D a byte of A missing from B (A is the reference, B the query, as in SAM)");
  app.add_option("--format", o.format,
                 "With --align (implied): cigar (distance and CIGAR; in batches a cigar column), paf (cg:Z: and "
                 "NM:i:), sam, or pretty (the two strings with a match line, 60 columns wide, for pairs of up to "
                 "100,000 bytes)")
      ->check(CLI::IsMember({"cigar", "paf", "sam", "pretty"}))
      ->each([&o](const std::string&) { o.align = true; })
      ->capture_default_str();
  app.add_flag("--ignore-case", o.ignore_case,
               "ASCII letters match whatever their case (soft-masked assemblies: acgt against ACGT is 0)");
  app.add_flag("--n-mismatch", o.n_mismatch,
               "N or n never matches anything, N included, as SAM's NM and samtools calmd count it");
  app.add_option("-o,--output", o.output,
                 "Write the output to FILE instead of standard output (created, or emptied, before the inputs are "
                 "read); levcl-mpi's rank 0 writes it itself, not through mpirun's forwarding of standard output")
      ->type_name("FILE");
  app.add_flag("-v,--verbose", o.verbosity, "Log to stderr: -v info, -vv debug");
  app.set_version_flag("--version", app.get_name() + " " + levcl::version());
  app.footer(
      "Batches print a tab-separated table, name_a name_b len_a len_b distance, a line a pair in the order of "
      "the input, as the results arrive.\nExit status: 0 success, 2 bad usage or input, 3 failure while running.");
}

namespace {

// Prints rows as columns separated by two spaces (the last column is not padded).
void print_table(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> width;
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (width.size() <= i) width.push_back(0);
      width[i] = std::max(width[i], row[i].size());
    }
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      line += row[i];
      if (i + 1 < row.size()) line += std::string(width[i] - row[i].size() + 2, ' ');
    }
    std::cout << line << '\n';
  }
}

void list_devices() {
  const auto devices = levcl::list_devices();
  // A bad LEVCL_DEVICE must not stop the listing: that is when one needs it.
  const levcl::DeviceInfo* chosen = nullptr;
  levcl::DeviceInfo selected;
  try {
    selected = levcl::select_device("");
    chosen = &selected;
  } catch (const levcl::Error& e) {
    std::cerr << "levcl: note: no default device: " << e.what() << '\n';  // why none is found, when none is
  }
  std::vector<std::vector<std::string>> rows;
  for (const auto& d : devices) {
    const bool is_default = chosen && chosen->platform_index == d.platform_index &&
                            chosen->device_index == d.device_index;
    rows.push_back({std::string(is_default ? "*" : " ") + " " + std::to_string(d.platform_index) + ":" +
                        std::to_string(d.device_index),
                    d.type, d.platform, d.name, "driver " + d.driver});
  }
  print_table(rows);
  std::cout << std::flush;  // the listing is out even if a driver fails while the process exits
}

void list_variants() {
  std::vector<std::vector<std::string>> rows = {
      {"auto", "device", "distance,batch,breakpoint", "-", "the engines the cost models predict fastest on the device"}};
  for (const auto& v : levcl::list_variants()) {
    std::string params, capabilities;
    for (const auto& p : v.params) params += (params.empty() ? "" : " ") + p.name + "=" + std::to_string(p.default_value);
    for (const auto c : v.capabilities) capabilities += (capabilities.empty() ? "" : ",") + std::string(levcl::capability_name(c));
    rows.push_back({v.name, v.uses_device ? "device" : "cpu", capabilities, params.empty() ? "-" : params, v.description});
  }
  print_table(rows);
}

// A batch line's JSON object without its closing brace, in the table's order; names are bytes,
// not always UTF-8 (json_string escapes what is not).
std::string pair_json(std::string_view name_a, std::string_view name_b, std::size_t len_a, std::size_t len_b,
                      std::int64_t distance) {
  return "{\"name_a\":" + json_string(name_a) + ",\"name_b\":" + json_string(name_b) +
         ",\"len_a\":" + std::to_string(len_a) + ",\"len_b\":" + std::to_string(len_b) +
         ",\"distance\":" + std::to_string(distance);
}

// Writes a batch's results in the order of its pairs as they arrive: a table line, or a JSON
// object, a pair. Only the names and lengths of the pairs not yet written are kept.
class ResultWriter {
 public:
  explicit ResultWriter(bool json) : json_(json) {
    if (!json_) std::cout << "name_a\tname_b\tlen_a\tlen_b\tdistance\n";
  }
  // What was delivered stays printed when an error ends the run.
  ~ResultWriter() { std::cout.flush(); }
  ResultWriter(const ResultWriter&) = delete;
  ResultWriter& operator=(const ResultWriter&) = delete;

  void expect(const levcl::NamedPairView& pair) {
    pending_.push_back({std::string(pair.name_a), std::string(pair.name_b), pair.a.size(), pair.b.size()});
  }

  // The result of the oldest pair not yet written.
  void write(std::int64_t distance) {
    const Pending& p = pending_.front();
    if (json_) {
      std::cout << pair_json(p.name_a, p.name_b, p.len_a, p.len_b, distance) << "}\n";
    } else {
      std::cout << p.name_a << '\t' << p.name_b << '\t' << p.len_a << '\t' << p.len_b << '\t' << distance << '\n';
    }
    pending_.pop_front();
    unflushed_ = true;
    if (!std::cout) check_output();  // a failed write ends the batch, with exit 3
  }

  // Flushes what was written since the last call, so that a chunk's results leave together.
  void flush() {
    if (unflushed_) check_output();
    unflushed_ = false;
  }

 private:
  struct Pending {
    std::string name_a, name_b;
    std::size_t len_a, len_b;
  };
  bool json_;
  bool unflushed_ = false;
  std::deque<Pending> pending_;
};

// Writes alignments in the --format chosen, a pair at a time, in the order of the pairs.
class AlignmentWriter {
 public:
  // `references`: what a SAM header names (read only for --format sam).
  AlignmentWriter(const CommandOptions& o, const levcl::Options& settings, bool batch,
                  const std::function<std::vector<levcl::SequenceName>()>& references)
      : format_(o.format), json_(o.json), batch_(batch), settings_(settings) {
    if (json_) return;
    if (format_ == "cigar" && batch_) std::cout << "name_a\tname_b\tlen_a\tlen_b\tdistance\tcigar\n";
    if (format_ == "sam") std::cout << levcl::sam_header(references()) << '\n';
  }
  ~AlignmentWriter() { std::cout.flush(); }
  AlignmentWriter(const AlignmentWriter&) = delete;
  AlignmentWriter& operator=(const AlignmentWriter&) = delete;

  void write(std::string_view name_a, std::string_view a, std::string_view name_b, std::string_view b,
             const levcl::Alignment& r) {
    if (json_) {
      std::cout << pair_json(name_a, name_b, a.size(), b.size(), r.distance) << ",\"cigar\":\"" << r.cigar << "\"}\n";
    } else if (format_ == "paf") {
      if (r.distance >= 0)
        std::cout << levcl::paf_line(name_a, name_b, r) << '\n';
      else
        ++unaligned_;
    } else if (format_ == "sam") {
      std::cout << levcl::sam_line(name_a, name_b, b, r) << '\n';
    } else if (format_ == "pretty") {
      if (batch_) std::cout << (written_ > 0 ? "\n" : "") << "# " << name_a << " " << name_b << " distance " << r.distance << '\n';
      // The bytes as compared: under --ignore-case or --n-mismatch an N against an N is an X.
      if (r.distance >= 0)
        std::cout << levcl::pretty_alignment(levcl::compared_bytes(a, settings_, false),
                                             levcl::compared_bytes(b, settings_, true), r.cigar);
    } else if (batch_) {
      std::cout << name_a << '\t' << name_b << '\t' << a.size() << '\t' << b.size() << '\t' << r.distance << '\t'
                << r.cigar << '\n';
    } else {
      std::cout << r.distance << '\t' << r.cigar << '\n';
    }
    ++written_;
    if (!std::cout) check_output();  // a failed write ends the batch, with exit 3
  }

  // Once every pair is written: PAF has no unaligned records, so the pairs it lacks are told.
  void finish() {
    check_output();
    if (unaligned_ > 0)
      std::cerr << "levcl: note: " << unaligned_ << " of " << written_
                << " pairs are above --max-distance and have no PAF line (PAF has no unaligned records)\n";
  }

 private:
  std::string format_;
  bool json_, batch_;
  levcl::Options settings_;
  std::uint64_t written_ = 0, unaligned_ = 0;
};

void check_pretty(const CommandOptions& o, std::size_t a, std::size_t b) {
  if (o.format == "pretty" && std::max(a, b) > kPrettyLimit)
    throw levcl::Error(levcl::ErrorCode::invalid_argument,
                       "--format pretty is for pairs of up to " + std::to_string(kPrettyLimit) + " bytes (this one: " +
                           std::to_string(a) + " x " + std::to_string(b) + "); use cigar, paf or sam");
}

// A batch's progress: the pairs written, and those of the chunks running that are finished.
std::function<ProgressLine::Reading()> pairs_done(const BatchRunner& runner,
                                                               const std::atomic<std::uint64_t>& written) {
  return [&runner, &written] { return ProgressLine::Reading{written + runner.running_pairs_done(), 0}; };
}

// A single pair's progress: the fraction of its work done.
std::function<ProgressLine::Reading()> pair_fraction(const levcl::Context& context) {
  return [&context] { return ProgressLine::Reading{0, context.progress().fraction}; };
}

// Every pair of the batch through an AlignmentStream, each alignment printed as it arrives.
int run_batch_alignments(const CommandOptions& o, const levcl::Options& settings, levcl::PairSource& source,
                         BatchRunner& runner) {
  AlignmentWriter writer(o, settings, true, [&] { return source.references(); });
  std::atomic<std::uint64_t> written{0};
  const ProgressLine progress(source.total(), pairs_done(runner, written));
  std::deque<std::pair<std::string, std::string>> names;  // of the pairs not yet written
  const std::unique_ptr<PairStream> stream =
      runner.alignments(settings, [&](std::uint64_t index, std::string_view a, std::string_view b, const levcl::Alignment& r) {
        writer.write(names.front().first, a, names.front().second, b, r);
        names.pop_front();
        written = index + 1;
      });
  for (levcl::NamedPairView pair;;) {
    bool more;
    try {
      more = source.next(pair);
      if (more) check_pretty(o, pair.a.size(), pair.b.size());
    } catch (const levcl::Error&) {
      stream->finish();  // the pairs before it are still aligned and printed
      throw;
    }
    if (!more) break;
    names.emplace_back(pair.name_a, pair.name_b);
    stream->push(pair.a, pair.b, pair.held);
  }
  stream->finish();
  writer.finish();
  return 0;
}

// Every pair of the batch through a DistanceStream, its results printed as they arrive.
int run_batch(const CommandOptions& o, const levcl::Options& settings, BatchRunner& runner) {
  // The inputs are opened before anything is printed: a missing file prints no table.
  const std::unique_ptr<levcl::PairSource> source =
      !o.pairs.empty()   ? levcl::PairSource::pairs_file(o.pairs)
      : !o.query.empty() ? levcl::PairSource::query_against_targets(
                               o.query, o.record_a.empty() ? o.record : o.record_a, o.targets,
                               o.align ? levcl::PairSource::QueryRole::b : levcl::PairSource::QueryRole::a)
                         : levcl::PairSource::all_against_all(o.all_vs_all);
  runner.context();  // a device that cannot be had fails here, before the header is printed
  if (o.align) return run_batch_alignments(o, settings, *source, runner);

  ResultWriter writer(o.json);
  std::atomic<std::uint64_t> written{0};
  const ProgressLine progress(source->total(), pairs_done(runner, written));
  const std::unique_ptr<PairStream> stream = runner.distances(settings, [&](std::uint64_t index, std::int64_t distance) {
    writer.write(distance);
    written = index + 1;
  });
  for (levcl::NamedPairView pair;;) {
    bool more;
    try {
      more = source->next(pair);
    } catch (const levcl::Error&) {
      // A malformed line or a missing record ends the batch; the pairs before it are still
      // computed and printed.
      stream->finish();
      throw;
    }
    if (!more) break;
    writer.expect(pair);
    stream->push(pair.a, pair.b, pair.held);
    writer.flush();
  }
  stream->finish();
  return 0;
}

// The JSON fields of one pair's distance or alignment: the settings and the timings.
template <typename Run>
nlohmann::json run_json(const CommandOptions& o, std::size_t len_a, std::size_t len_b, const Run& r) {
  return {{"distance", r.distance},
          {"max_distance", o.max_distance},
          {"params", r.params},
          {"device", r.device},
          {"len_a", len_a},
          {"len_b", len_b},
          {"cells", r.costs.cells},
          {"seconds", r.costs.seconds},
          {"kernel_seconds", r.costs.kernel_seconds},
          {"build_seconds", r.costs.build_seconds},
          {"gcups", levcl::gcups(len_a, len_b, r.costs.seconds)},
          {"launches", r.costs.launches}};
}

// An optimal alignment of A and B in the --format chosen, or a JSON object with the
// timings, the peak device memory and the CIGAR.
int run_pair_alignment(const CommandOptions& o, const levcl::Options& settings, levcl::Context& context) {
  const levcl::Record a = levcl::read_named_sequence(o.a, o.record_a.empty() ? o.record : o.record_a);
  const levcl::Record b = levcl::read_named_sequence(o.b, o.record_b.empty() ? o.record : o.record_b);
  check_pretty(o, a.sequence.size(), b.sequence.size());
  const levcl::Alignment r = [&] {
    const ProgressLine progress(1, pair_fraction(context));
    return context.align(a.sequence, b.sequence, settings);
  }();
  if (!o.json) {
    AlignmentWriter writer(o, settings, false, [&] { return std::vector<levcl::SequenceName>{{a.name, a.sequence.size()}}; });
    writer.write(a.name, a.sequence, b.name, b.sequence, r);
    writer.finish();
    return 0;
  }
  nlohmann::json out = run_json(o, a.sequence.size(), b.sequence.size(), r);
  out["cigar"] = r.cigar;
  out["peak_device_bytes"] = r.peak_device_bytes;
  std::cout << out.dump() << '\n';
  return 0;
}

// The distance of A and B: a bare integer, or a JSON object with the timings and settings.
int run_pair(const CommandOptions& o, const levcl::Options& settings, BatchRunner& runner) {
  const std::string a = levcl::read_sequence(o.a, o.record_a.empty() ? o.record : o.record_a);
  const std::string b = levcl::read_sequence(o.b, o.record_b.empty() ? o.record : o.record_b);
  const levcl::Result r = [&] {
    const ProgressLine progress(1, pair_fraction(runner.context()));
    return runner.distance(a, b, settings);
  }();

  if (!o.json) {
    std::cout << r.distance << '\n';
    return 0;
  }
  nlohmann::json out = run_json(o, a.size(), b.size(), r);
  out["variant"] = r.variant;
  out["params_source"] = r.params_source;
  std::cout << out.dump() << '\n';
  return 0;
}

}  // namespace

bool is_batch(const CommandOptions& o) { return !o.pairs.empty() || !o.query.empty() || !o.all_vs_all.empty(); }

levcl::Options settings_of(const CommandOptions& o) {
  levcl::Options settings{o.variant, parsed_params(o.params), o.max_distance, o.threads};
  settings.ignore_case = o.ignore_case;
  settings.n_mismatch = o.n_mismatch;
  levcl::check_options(settings, o.align      ? levcl::Capability::breakpoint
                                 : is_batch(o) ? levcl::Capability::batch
                                               : levcl::Capability::distance);
  return settings;
}

int run_levcl(const CommandOptions& o, BatchRunner& runner) {
  levcl::set_log_level(o.verbosity);
  if (!o.output.empty()) output_to(o.output);
  if (o.list_devices || o.list_variants) {
    if (o.list_devices) list_devices();
    if (o.list_variants) list_variants();
    return 0;
  }
  const bool batch = is_batch(o);
  if (!batch && (o.a.empty() || o.b.empty()))
    throw levcl::Error(levcl::ErrorCode::invalid_argument,
                       "two inputs A and B, or a batch (--pairs, --query, --all-vs-all), are needed (see --help)");
  if (o.a == "-" && o.b == "-")
    throw levcl::Error(levcl::ErrorCode::invalid_argument, "only one of A and B can be standard input (-)");

  // Check the cheap things before reading inputs that may be hundreds of megabytes, and
  // before a batch prints its header.
  const levcl::Options settings = settings_of(o);
  if (batch) return run_batch(o, settings, runner);
  return o.align ? run_pair_alignment(o, settings, runner.context()) : run_pair(o, settings, runner);
}

namespace {

// A stream of this process's context.
template <typename Stream>
class LocalStream final : public PairStream {
 public:
  template <typename Sink>
  LocalStream(levcl::Context& context, const levcl::Options& settings, Sink sink) : stream_(context, settings, std::move(sink)) {}
  void push(std::string_view a, std::string_view b, levcl::Held held) override { stream_.push(a, b, held); }
  void finish() override { stream_.finish(); }

 private:
  Stream stream_;
};

}  // namespace

levcl::Context& BatchRunner::context() {
  if (!ready_) {
    context_.emplace(device_);
    ready_ = true;
  }
  return *context_;
}

std::unique_ptr<PairStream> LocalRunner::distances(const levcl::Options& settings, DistanceSink sink) {
  return std::make_unique<LocalStream<levcl::DistanceStream>>(context(), settings, std::move(sink));
}

std::unique_ptr<PairStream> LocalRunner::alignments(const levcl::Options& settings, AlignmentSink sink) {
  return std::make_unique<LocalStream<levcl::AlignmentStream>>(context(), settings, std::move(sink));
}

std::uint64_t BatchRunner::running_pairs_done() const {
  if (!ready_) return 0;
  const levcl::Progress running = context_->progress();
  return running.running ? running.pairs_done : 0;
}

}  // namespace levcl::tools
