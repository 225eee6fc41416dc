// PairSource: the pairs of the levcl command's batch modes, one at a time with their names.
#include <memory>
#include <utility>
#include <vector>

#include "levcl/io.hpp"

namespace levcl {
namespace {

class PairsFile final : public PairSource {
 public:
  explicit PairsFile(const std::string& path) : reader_(path) {}
  bool next(NamedPairView& pair) override {
    if (!reader_.next(pair_)) return false;
    pair = {pair_.name_a, pair_.a, pair_.name_b, pair_.b};
    return true;
  }

 private:
  PairsReader reader_;
  NamedPair pair_;
};

class QueryAgainstTargets final : public PairSource {
 public:
  QueryAgainstTargets(const std::string& query, const std::string& record, const std::string& targets)
      : query_(read_record(query, record)), targets_(targets) {}
  bool next(NamedPairView& pair) override {
    if (!targets_.next(target_)) return false;
    pair = {query_.name, query_.sequence, target_.name, target_.sequence};
    return true;
  }

 private:
  const Record query_;
  RecordReader targets_;
  Record target_;
};

class AllAgainstAll final : public PairSource {
 public:
  explicit AllAgainstAll(const std::string& path) : records_(read_records(path)) {}
  bool next(NamedPairView& pair) override {
    if (j_ >= records_.size()) j_ = ++i_ + 1;
    if (j_ >= records_.size()) return false;
    pair = {records_[i_].name, records_[i_].sequence, records_[j_].name, records_[j_].sequence};
    ++j_;
    return true;
  }
  std::uint64_t total() const override { return records_.size() * (records_.size() - (records_.empty() ? 0 : 1)) / 2; }

 private:
  const std::vector<Record> records_;
  std::size_t i_ = 0, j_ = 1;
};

}  // namespace

std::unique_ptr<PairSource> PairSource::pairs_file(const std::string& path) { return std::make_unique<PairsFile>(path); }

std::unique_ptr<PairSource> PairSource::query_against_targets(const std::string& query, const std::string& record,
                                                              const std::string& targets) {
  if (query == "-" && targets == "-")
    throw Error(ErrorCode::invalid_argument, "only one of the query and the targets can be standard input (-)");
  return std::make_unique<QueryAgainstTargets>(query, record, targets);
}

std::unique_ptr<PairSource> PairSource::all_against_all(const std::string& path) {
  return std::make_unique<AllAgainstAll>(path);
}

}  // namespace levcl
