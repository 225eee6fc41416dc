// levcl-mpi: the levcl command over the ranks of an MPI job (mpirun -np N levcl-mpi ...).
// Rank 0 reads the inputs and deals a batch's chunks to every rank, itself included, as
// each finishes its last; it prints the results in input order as they complete, the same
// bytes one levcl process prints. The other ranks compute the chunks they are sent. Each
// rank runs on --device, else on the device of its local rank among those LEVCL_DEVICE
// names or else among the host's GPUs (the ranks of one host take them in turn), else on
// the default device. A single pair runs on rank 0, but one its engine spreads (bitpar's
// sweeps, pairs of 2^30 cells or more) runs over the ranks as over a context's devices
// (Context::row_parts): over two, rank 1 computes the backward half side by side with rank
// 0's forward one; over more, where it pays, every rank a block of a sweep's rows, handing
// its bottom rows to the rank below tile by tile.
//
// Exit status as levcl's. An error on a rank ends the job with "levcl-mpi: error: rank R:
// ..."; the lines printed before it are complete.
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "command_main.hpp"
#include "levcl_command.hpp"
#include "mpi_chunks.hpp"
#include "tool_common.hpp"

namespace levcl::tools {
namespace {

constexpr int kTagChunk = 1, kTagResults = 2, kTagStop = 3, kTagBye = 4, kTagPartsPair = 5, kTagPartsBand = 6,
              kTagPartRows = 7;

// Bytes between two ranks: their count, then parts of at most 1 GiB (MPI counts are ints).
// Messages of one tag between two ranks arrive in the order sent.
constexpr std::uint64_t kPart = std::uint64_t{1} << 30;

// Each part of a message of `size` bytes after its count, as (offset, bytes): the sends and
// the receive cut it alike.
template <typename Part>
void for_parts(std::uint64_t size, Part part) {
  for (std::uint64_t at = 0; at < size; at += kPart) part(at, static_cast<int>(std::min(kPart, size - at)));
}

void send_bytes(std::string_view bytes, int to, int tag) {
  const std::uint64_t size = bytes.size();
  MPI_Send(&size, 1, MPI_UINT64_T, to, tag, MPI_COMM_WORLD);
  for_parts(size, [&](std::uint64_t at, int count) {
    MPI_Send(bytes.data() + at, count, MPI_BYTE, to, tag, MPI_COMM_WORLD);
  });
}

// Bytes on their way to a rank while this one goes on: a worker's results, so that it can
// take rank 0's next chunk meanwhile. Both sending at once with blocking sends deadlocks once
// the messages outgrow MPI's eager limit (on four H100s, chunks of 2,000 pairs did).
class PendingSend {
 public:
  ~PendingSend() { wait(); }
  void start(std::string bytes, int to, int tag) {
    wait();
    bytes_ = std::move(bytes);
    size_ = bytes_.size();
    requests_.emplace_back();
    MPI_Isend(&size_, 1, MPI_UINT64_T, to, tag, MPI_COMM_WORLD, &requests_.back());
    for_parts(size_, [&](std::uint64_t at, int count) {
      requests_.emplace_back();
      MPI_Isend(bytes_.data() + at, count, MPI_BYTE, to, tag, MPI_COMM_WORLD, &requests_.back());
    });
  }
  void wait() {
    if (!requests_.empty()) MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
    requests_.clear();
  }

 private:
  std::string bytes_;
  std::uint64_t size_ = 0;
  std::vector<MPI_Request> requests_;
};

std::string receive_bytes(int from, int tag) {
  std::uint64_t size = 0;
  MPI_Recv(&size, 1, MPI_UINT64_T, from, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  std::string bytes(size, '\0');
  for_parts(size, [&](std::uint64_t at, int count) {
    MPI_Recv(bytes.data() + at, count, MPI_BYTE, from, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  });
  return bytes;
}

// The ranks as the parts of one long pair spread over them (levcl::PartLinks): a rank's
// bytes to another go out on a thread of their own, in the order given, while this one
// computes its next tile; received in the order sent. MPI moves a message above its eager
// limit only while its sender is in an MPI call: a send left pending while the rank computed
// reached the rank below a tile late (the H100s, a 10 Mbp pair over four ranks: the third
// and fourth waited 0.3 and 0.6 s on theirs). Where MPI allows no second thread in its
// calls (MPI_THREAD_MULTIPLE), the sends block instead.
class RankLinks {
 public:
  RankLinks(int rank, int ranks) {
    int level = MPI_THREAD_SINGLE;
    MPI_Query_thread(&level);
    links_.part = static_cast<std::size_t>(rank);
    links_.parts = static_cast<std::size_t>(ranks);
    links_.receive = [](std::size_t from) { return receive_bytes(static_cast<int>(from), kTagPartRows); };
    if (level < MPI_THREAD_MULTIPLE) {
      links_.send = [](std::size_t to, std::string bytes) { send_bytes(bytes, static_cast<int>(to), kTagPartRows); };
      return;
    }
    links_.send = [this](std::size_t to, std::string bytes) {
      std::lock_guard<std::mutex> lock(mutex_);
      out_.emplace_back(static_cast<int>(to), std::move(bytes));
      ready_.notify_one();
    };
    sender_ = std::thread([this] {
      std::unique_lock<std::mutex> lock(mutex_);
      for (;;) {
        ready_.wait(lock, [this] { return stopping_ || !out_.empty(); });
        if (out_.empty()) return;  // stopping, all sent
        const auto [to, bytes] = std::move(out_.front());
        out_.pop_front();
        lock.unlock();
        send_bytes(bytes, to, kTagPartRows);
        lock.lock();
      }
    });
  }
  ~RankLinks() {  // after every byte given is sent
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    ready_.notify_one();
    if (sender_.joinable()) sender_.join();
  }
  const PartLinks& links() const { return links_; }

 private:
  PartLinks links_;
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::pair<int, std::string>> out_;
  bool stopping_ = false;
  std::thread sender_;
};

// With -vv, a line on standard error about this rank's messages (the library's log says
// nothing of them): where the time of a pair split between ranks goes.
void debug_line(int verbosity, const std::string& text) {
  if (verbosity < 2) return;
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::fprintf(stderr, "[levcl-mpi debug] rank %d: %s\n", rank, text.c_str());
}

// The rank's place among the ranks of its host.
int local_rank() {
  MPI_Comm host;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host);
  int rank = 0;
  MPI_Comm_rank(host, &rank);
  MPI_Comm_free(&host);
  return rank;
}

// --device when given; else the local rank's device in turn among those LEVCL_DEVICE
// names, else among the host's GPUs; else "" (the default device, which reads LEVCL_DEVICE:
// where that names none, the rank's first use of it fails and says so). Never throws: a
// rank reports what fails when it uses its device.
std::string rank_device(const std::string& asked, int local) {
  if (!asked.empty()) return asked;
  const char* env = std::getenv("LEVCL_DEVICE");
  const std::string spec = env ? env : "";
  std::vector<DeviceInfo> choices;
  try {
    if (!spec.empty())
      choices = devices_named(spec);
    else
      for (const DeviceInfo& d : list_devices())
        if (d.type == "gpu") choices.push_back(d);
  } catch (const std::exception&) {
    return "";
  }
  if (choices.empty()) return "";
  const DeviceInfo& d = choices[static_cast<std::size_t>(local) % choices.size()];
  return std::to_string(d.platform_index) + ":" + std::to_string(d.device_index);
}

// Runs `work` for a reply to rank 0 (ChunkResults); an error becomes the reply's.
template <typename Reply, typename Work>
void replying(Reply& r, Work work) {
  try {
    work();
  } catch (const Error& e) {
    r.failed = true;
    r.code = e.code();
    r.message = e.what();
  } catch (const std::exception& e) {
    r.failed = true;
    r.message = e.what();
  }
}

// A chunk computed on the runner's context; an error (a device that cannot be opened among
// them) is the chunk's result.
ChunkResults compute(BatchRunner& runner, const Options& settings, const ChunkMessage& chunk) {
  ChunkResults r;
  r.id = chunk.id;
  const auto start = std::chrono::steady_clock::now();
  replying(r, [&] {
    const std::vector<std::string_view> strings = chunk.pairs.strings();
    if (chunk.kind == ChunkKind::distances)
      r.distances = runner.context().distances(strings, chunk.pairs.pairs(), settings).distances;
    else
      r.alignments = runner.context().aligns(strings, chunk.pairs.pairs(), settings).alignments;
  });
  r.seconds = seconds_since(start);
  return r;
}

// A worker rank: computes the chunks rank 0 sends, and its share of each band of a pair
// rank 0 spreads over the ranks, until it says stop.
void serve(const CommandOptions& o, const std::string& device) {
  LocalRunner here(device);
  PendingSend results;  // the last chunk's, sent while the next is received and computed
  std::optional<Options> settings;
  std::string pair_a, pair_b;
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  RankLinks links(rank, ranks);
  Context::RowParts parts;  // this rank's share of pair_a and pair_b spread over the ranks
  for (;;) {
    MPI_Status status;
    MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    if (status.MPI_TAG == kTagStop) {
      MPI_Recv(nullptr, 0, MPI_BYTE, 0, kTagStop, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      results.wait();
      MPI_Send(nullptr, 0, MPI_BYTE, 0, kTagBye, MPI_COMM_WORLD);
      return;
    }
    if (status.MPI_TAG == kTagPartsPair) {
      parts = nullptr;  // its share holds the strings that change now
      pair_a = receive_bytes(0, kTagPartsPair);
      pair_b = receive_bytes(0, kTagPartsPair);
      try {
        parts = here.context().row_parts(pair_a, pair_b, links.links());
      } catch (const Error& e) {  // its answer to each band
        parts = Context::failing_parts(links.links(), e);
      }
      continue;
    }
    if (status.MPI_TAG == kTagPartsBand) {
      const BandRequest q = BandRequest::decode(receive_bytes(0, kTagPartsBand));
      const auto start = std::chrono::steady_clock::now();
      parts(q.variant, q.params, q.bound);
      debug_line(o.verbosity, "its share of the band of bound " + std::to_string(q.bound) + " computed and sent in " +
                                  std::to_string(seconds_since(start)) + " s");
      continue;
    }
    const ChunkMessage chunk = ChunkMessage::decode(receive_bytes(0, kTagChunk));
    if (!settings) settings = settings_of(o);  // rank 0 checked the same before sending anything
    results.start(compute(here, *settings, chunk).encode(), 0, kTagResults);
  }
}

class MpiRunner;

// Rank 0's stream: chunks of about half a second of a rank's work (ChunkSizer), at
// most two out per rank, each rank's results put back in order and delivered as they
// become next.
class MpiStream final : public PairStream {
 public:
  MpiStream(MpiRunner& runner, ChunkKind kind, const Options& settings, BatchRunner::DistanceSink distances,
            BatchRunner::AlignmentSink alignments);
  ~MpiStream() override;  // waits for the chunks out: no message is left behind
  void push(std::string_view a, std::string_view b, Held held) override;
  void finish() override;

 private:
  static constexpr std::size_t kDepth = 2;                           // chunks out per rank
  static constexpr std::size_t kChunkBytes = std::size_t{64} << 20;  // of sequence
  void dispatch();
  bool pump(bool wait);  // takes the results that arrived (waits for one if asked); whether any did
  void take(int rank, ChunkResults&& results);
  void throw_failure() const;

  MpiRunner& runner_;
  ChunkKind kind_;
  Options settings_;
  BatchRunner::DistanceSink distances_;
  BatchRunner::AlignmentSink alignments_;
  ChunkMessage filling_;
  std::uint64_t next_delivery_ = 0, delivered_ = 0;
  ChunkSizer sizer_;
  std::map<std::uint64_t, ChunkMessage> out_;  // sent, kept until delivered (the sink gets their strings)
  std::map<std::uint64_t, ChunkResults> done_;  // in, not yet next to deliver
  std::vector<std::size_t> in_flight_;  // per rank
  std::optional<Error> failure_;
};

// Rank 0: its own context (single pairs, and the chunks it keeps, computed on a thread of
// its own while the main thread deals and prints), and the worker ranks.
class MpiRunner final : public BatchRunner {
 public:
  MpiRunner(int ranks, std::string device, int verbosity)
      : BatchRunner(std::move(device)), ranks_(ranks), verbosity_(verbosity) {}
  ~MpiRunner() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    if (local_.joinable()) local_.join();
    for (int r = 1; r < ranks_; ++r) MPI_Send(nullptr, 0, MPI_BYTE, r, kTagStop, MPI_COMM_WORLD);
    for (int r = 1; r < ranks_; ++r) MPI_Recv(nullptr, 0, MPI_BYTE, r, kTagBye, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }

  std::unique_ptr<PairStream> distances(const Options& settings, DistanceSink sink) override {
    return std::make_unique<MpiStream>(*this, ChunkKind::distances, settings, std::move(sink), nullptr);
  }
  std::unique_ptr<PairStream> alignments(const Options& settings, AlignmentSink sink) override {
    return std::make_unique<MpiStream>(*this, ChunkKind::alignments, settings, nullptr, std::move(sink));
  }
  int ranks() const { return ranks_; }

  // A pair its engine spreads over the ranks: every rank gets the strings once, when first
  // asked for its share of a band.
  Result distance(std::string_view a, std::string_view b, const Options& settings) override {
    return ranks_ < 2 ? BatchRunner::distance(a, b, settings) : over_ranks(a, b, settings);
  }

  Result over_ranks(std::string_view a, std::string_view b, const Options& settings) {
    RankLinks links(0, ranks_);
    bool sent = false;
    try {
      return context().distance(a, b, settings, links.links(), [&](const std::string& variant, const Params& params,
                                                                    std::int64_t bound) {
        if (!sent) {
          for (int r = 1; r < ranks_; ++r) {
            send_bytes(a, r, kTagPartsPair);
            send_bytes(b, r, kTagPartsPair);
          }
          sent = true;
        }
        const std::string request = BandRequest{variant, params, bound}.encode();
        for (int r = 1; r < ranks_; ++r) send_bytes(request, r, kTagPartsBand);
        debug_line(verbosity_, "every rank asked for its share of the band of bound " + std::to_string(bound));
      });
    } catch (const Error& e) {  // the library names a part: here, the rank
      const std::string what = e.what();
      if (what.rfind("part ", 0) == 0) throw Error(e.code(), "rank " + what.substr(5));
      throw;
    }
  }

  // Rank 0's share: computed on its thread; the results come back through finished().
  void compute_here(const ChunkMessage* chunk, const Options& settings) {
    if (!local_.joinable()) {
      context();  // made here: the thread only uses it
      local_ = std::thread([this] { work(); });
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back({chunk, settings});
    }
    wake_.notify_all();
  }
  std::vector<ChunkResults> finished() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<ChunkResults> out(std::make_move_iterator(finished_.begin()), std::make_move_iterator(finished_.end()));
    finished_.clear();
    return out;
  }

 private:
  void work() {
    for (;;) {
      std::pair<const ChunkMessage*, Options> next;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
        if (queue_.empty()) return;
        next = queue_.front();
        queue_.pop_front();
      }
      ChunkResults r = compute(*this, next.second, *next.first);
      std::lock_guard<std::mutex> lock(mutex_);
      finished_.push_back(std::move(r));
    }
  }

  int ranks_;
  int verbosity_;
  std::thread local_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::deque<std::pair<const ChunkMessage*, Options>> queue_;
  std::vector<ChunkResults> finished_;
};

MpiStream::MpiStream(MpiRunner& runner, ChunkKind kind, const Options& settings, BatchRunner::DistanceSink distances,
                     BatchRunner::AlignmentSink alignments)
    : runner_(runner),
      kind_(kind),
      settings_(settings),
      distances_(std::move(distances)),
      alignments_(std::move(alignments)),
      filling_{0, kind, {}},
      in_flight_(static_cast<std::size_t>(runner.ranks()), 0) {}

MpiStream::~MpiStream() {
  try {
    while (!out_.empty() && std::any_of(in_flight_.begin(), in_flight_.end(), [](std::size_t n) { return n > 0; }))
      pump(true);
  } catch (...) {  // a failure was already thrown, or is of a run being given up
  }
}

void MpiStream::push(std::string_view a, std::string_view b, Held held) {
  throw_failure();
  filling_.pairs.add(a, b, held);
  if (filling_.pairs.size() >= sizer_.pairs() || filling_.pairs.bytes() >= kChunkBytes) dispatch();
}

void MpiStream::finish() {
  if (!filling_.pairs.empty() && !failure_) dispatch();
  while (std::any_of(in_flight_.begin(), in_flight_.end(), [](std::size_t n) { return n > 0; })) pump(true);
  throw_failure();
}

void MpiStream::throw_failure() const {
  if (failure_) throw *failure_;
}

void MpiStream::dispatch() {
  // The rank with the fewest chunks out, workers before rank 0 (whose thread shares its
  // host with the dealing); when every rank has kDepth out, the next result frees one.
  const auto pick = [this] {
    int best = -1;
    for (int r = runner_.ranks() - 1; r >= 0; --r)
      if (in_flight_[r] < kDepth && (best < 0 || in_flight_[r] < in_flight_[best])) best = r;
    return best;
  };
  // Chunks done but not yet next to deliver wait behind a slow one: at most twice what is
  // out, so rank 0's memory stays bounded.
  const std::size_t held = 2 * kDepth * static_cast<std::size_t>(runner_.ranks());
  int rank;
  while ((rank = pick()) < 0 || out_.size() >= held) pump(true);
  throw_failure();
  const std::uint64_t id = filling_.id;
  ChunkMessage& chunk = out_.emplace(id, std::move(filling_)).first->second;
  filling_ = ChunkMessage{id + 1, kind_, {}};
  ++in_flight_[rank];
  if (rank == 0)
    runner_.compute_here(&chunk, settings_);
  else
    send_bytes(chunk.encode(), rank, kTagChunk);
}

bool MpiStream::pump(bool wait) {
  for (;;) {
    bool any = false;
    for (ChunkResults& r : runner_.finished()) {
      take(0, std::move(r));
      any = true;
    }
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, kTagResults, MPI_COMM_WORLD, &arrived, &status);
    if (arrived) {
      take(status.MPI_SOURCE, ChunkResults::decode(receive_bytes(status.MPI_SOURCE, kTagResults)));
      any = true;
    }
    if (any || !wait) return any;
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
}

void MpiStream::take(int rank, ChunkResults&& results) {
  --in_flight_[static_cast<std::size_t>(rank)];
  const std::uint64_t id = results.id;
  if (results.failed && !failure_)
    failure_ = Error(results.code, "rank " + std::to_string(rank) + ": " + results.message);
  sizer_.ran(out_.at(id).pairs.size(), results.seconds);  // the next chunks' size
  done_.emplace(id, std::move(results));
  // Deliver in order, up to the first failed chunk.
  for (auto it = done_.find(next_delivery_); it != done_.end() && !it->second.failed;
       it = done_.find(next_delivery_)) {
    const ChunkResults& r = it->second;
    const PairChunk& chunk = out_.at(it->first).pairs;
    for (std::size_t k = 0; k < chunk.size(); ++k) {
      if (kind_ == ChunkKind::distances)
        distances_(delivered_, r.distances.at(k));
      else
        alignments_(delivered_, chunk.a(k), chunk.b(k), r.alignments.at(k));
      ++delivered_;
    }
    out_.erase(it->first);
    done_.erase(it);
    ++next_delivery_;
  }
}

}  // namespace
}  // namespace levcl::tools

int main(int argc, char** argv) {
  int provided = 0;
  // Several threads in MPI's calls where it allows them (RankLinks' sender), else one.
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const int local = levcl::tools::local_rank();

  CLI::App app{"levcl over the ranks of an MPI job (mpirun -np N levcl-mpi ...): the options and output of levcl; "
               "a batch's chunks are dealt to every rank, one GPU a rank.",
               "levcl-mpi"};
  levcl::tools::CommandOptions options;
  levcl::tools::define_command_options(app, options);
  int status = 0;
  if (rank == 0) {
    // Rank 0's standard output leaves through mpirun's forwarding, a write at a time:
    // stdio's 4 KiB on a pipe took an all-vs-all of 418 records of 100 bytes (87,153 lines)
    // 1.6-2.1 s on the CI-type host, 1.0-1.2 s in writes of a chunk's results (the writers
    // flush a chunk at a time, so the lines stay complete); -o (output_to) skips the
    // forwarding.
    static char output_buffer[1 << 20];
    std::setvbuf(stdout, output_buffer, _IOFBF, sizeof output_buffer);
    status = levcl::tools::run_command(app, argc, argv, [&] {
      levcl::tools::MpiRunner runner(ranks, levcl::tools::rank_device(options.device, local), options.verbosity);
      return levcl::tools::run_levcl(options, runner);
    });
  } else {
    try {
      app.parse(argc, argv);  // as rank 0 does; it tells what fails
      levcl::set_log_level(options.verbosity);
      levcl::tools::serve(options, levcl::tools::rank_device(options.device, local));
    } catch (const CLI::ParseError&) {
    }
  }
  MPI_Finalize();
  return status;
}
