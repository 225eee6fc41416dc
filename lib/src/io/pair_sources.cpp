// PairSource: the pairs of the levcl command's batch modes, one at a time with their names.
#include <memory>
#include <unordered_set>
#include <utility>
#include <vector>

#include "levcl/io.hpp"

namespace levcl {
namespace {

// Collects references: each name once, the first length seen for it.
class References {
 public:
  void add(const std::string& name, std::uint64_t length) {
    if (seen_.insert(name).second) list_.push_back({name, length});
  }
  std::vector<SequenceName> list() && { return std::move(list_); }

 private:
  std::unordered_set<std::string> seen_;
  std::vector<SequenceName> list_;
};

// A streamed input can be read again for its references only from a file.
void check_rereadable(const std::string& path, const char* what) {
  if (path == "-")
    throw Error(ErrorCode::invalid_argument, std::string("a SAM header names every reference before the records: ") +
                                                 what + " must be a file, not standard input, to be read for them first");
}

class PairsFile final : public PairSource {
 public:
  explicit PairsFile(const std::string& path) : path_(path), reader_(path) {}
  bool next(NamedPairView& pair) override {
    if (!reader_.next(pair_)) return false;
    pair = {pair_.name_a, pair_.a, pair_.name_b, pair_.b, {}};
    return true;
  }
  std::vector<SequenceName> references() const override {
    check_rereadable(path_, "the pairs file");
    References references;
    PairsReader again(path_);
    for (NamedPair pair; again.next(pair);) references.add(pair.name_a, pair.a.size());
    return std::move(references).list();
  }

 private:
  const std::string path_;
  PairsReader reader_;
  NamedPair pair_;
};

class QueryAgainstTargets final : public PairSource {
 public:
  QueryAgainstTargets(const std::string& query, const std::string& record, const std::string& targets, QueryRole role)
      : query_(read_record(query, record)), path_(targets), targets_(targets), role_(role) {}
  bool next(NamedPairView& pair) override {
    if (!targets_.next(target_)) return false;
    pair = role_ == QueryRole::a ? NamedPairView{query_.name, query_.sequence, target_.name, target_.sequence, {true, false}}
                                 : NamedPairView{target_.name, target_.sequence, query_.name, query_.sequence, {false, true}};
    return true;
  }
  std::vector<SequenceName> references() const override {
    if (role_ == QueryRole::a) return {{query_.name, query_.sequence.size()}};
    check_rereadable(path_, "the targets");
    References references;
    RecordReader again(path_);
    for (Record target; again.next(target);) references.add(target.name, target.sequence.size());
    return std::move(references).list();
  }

 private:
  const Record query_;
  const std::string path_;
  RecordReader targets_;
  const QueryRole role_;
  Record target_;
};

class AllAgainstAll final : public PairSource {
 public:
  explicit AllAgainstAll(const std::string& path) : records_(read_records(path)) {}
  bool next(NamedPairView& pair) override {
    if (j_ >= records_.size()) j_ = ++i_ + 1;
    if (j_ >= records_.size()) return false;
    pair = {records_[i_].name, records_[i_].sequence, records_[j_].name, records_[j_].sequence, {true, true}};
    ++j_;
    return true;
  }
  std::uint64_t total() const override { return records_.size() * (records_.size() - (records_.empty() ? 0 : 1)) / 2; }
  std::vector<SequenceName> references() const override {
    References references;  // every record but the last is some pair's a
    for (std::size_t i = 0; i + 1 < records_.size(); ++i) references.add(records_[i].name, records_[i].sequence.size());
    return std::move(references).list();
  }

 private:
  const std::vector<Record> records_;
  std::size_t i_ = 0, j_ = 1;
};

}  // namespace

std::unique_ptr<PairSource> PairSource::pairs_file(const std::string& path) { return std::make_unique<PairsFile>(path); }

std::unique_ptr<PairSource> PairSource::query_against_targets(const std::string& query, const std::string& record,
                                                              const std::string& targets, QueryRole role) {
  if (query == "-" && targets == "-")
    throw Error(ErrorCode::invalid_argument, "only one of the query and the targets can be standard input (-)");
  return std::make_unique<QueryAgainstTargets>(query, record, targets, role);
}

std::unique_ptr<PairSource> PairSource::all_against_all(const std::string& path) {
  return std::make_unique<AllAgainstAll>(path);
}

}  // namespace levcl
