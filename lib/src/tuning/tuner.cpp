// The tuner (levcl-tune is its command): workloads with reference distances, then every
// configuration of every chosen variant within a time budget, each checked before it
// counts, recorded in a levcl-tuning-1 file after every configuration.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <numeric>
#include <sstream>

#include "levcl/io.hpp"
#include "levcl/synthetic.hpp"
#include "levcl/tuning.hpp"
#include "engines/divergence.hpp"
#include "engines/registry.hpp"
#include "tuning/tuning_record.hpp"

namespace levcl {
namespace {

using detail::TuningRecord;
using detail::TuningWorkload;
using json = TuningRecord::json;
using Report = std::function<void(const std::string&)>;

std::string fixed(double value, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << value;
  return s.str();
}

// The variant that calibrates and checks the workloads: the one "auto" falls back to.
const VariantInfo& fallback_variant() { return detail::auto_fallback_variant().info; }

// A variant's default parameters, given explicitly so that the tuning database (which a
// call without parameters would consult) plays no part.
Params defaults_of(const VariantInfo& info) { return detail::resolve_params(info, {}); }

// The variants to tune, auto's engines (VariantInfo::planner) first.
std::vector<std::string> chosen_variants(const TuneSettings& s) {
  std::vector<std::string> names;
  const auto planner_first = [&names] {
    std::stable_partition(names.begin(), names.end(), [](const std::string& n) { return variant_info(n).planner; });
    return names;
  };
  if (s.variants.empty()) {
    for (const detail::Variant* v : detail::variants_with(Capability::distance))
      if (v->info.uses_device && v->info.tuned) names.push_back(v->info.name);
    return planner_first();
  }
  for (const auto& name : s.variants) {
    // Throws invalid_argument for unknown names, and for variants that compute no distance.
    const auto& info = detail::find_variant(name, Capability::distance).info;
    if (!info.uses_device)
      throw Error(ErrorCode::invalid_argument,
                  "variant '" + name + "' runs on the CPU only; levcl-tune tunes device variants");
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  if (names.empty()) throw Error(ErrorCode::invalid_argument, "--variants names no variant");
  return planner_first();
}

// The synthetic length at which the fallback variant's defaults take about 0.1-0.2 s on
// the given similarity.
std::size_t calibrate(Context& context, double similarity, const Report& report, bool verbose) {
  const VariantInfo& variant = fallback_variant();
  std::size_t length = 20000;
  bool warm = false;
  for (;;) {
    const auto pair = synthetic_pair(length, similarity, 1);
    if (!warm) {  // builds the program
      context.distance(pair.a, pair.b, variant.name, defaults_of(variant));
      warm = true;
    }
    const auto r = context.distance(pair.a, pair.b, variant.name, defaults_of(variant));
    if (verbose)
      report("calibration: length " + std::to_string(length) + ": " + fixed(r.costs.seconds, 4) + " s with " +
             variant.name);
    if (r.costs.seconds >= 0.1 || length >= 4000000) return length;
    length = std::min<std::size_t>(length * 2, 4000000);
  }
}

// A CPU variant is the first reference where its model predicts at most this; longer,
// the device variants check each other.
constexpr double kReferenceSeconds = 10;

// The variants that can give a workload's reference distance, in the order they are tried:
// the CPU variants predicted to take at most kReferenceSeconds (independent of the device
// being tuned), fastest first; the variant auto falls back to; then the device variants of
// the other families.
std::vector<const VariantInfo*> reference_candidates(const DeviceInfo& device, const TuningWorkload& w) {
  const detail::PairShape pair{static_cast<double>(w.a.size()), static_cast<double>(w.b.size()),
                               detail::DivergenceSample(w.a, w.b).estimated_distance()};
  std::vector<std::pair<double, const VariantInfo*>> quick;
  for (const detail::Variant* v : detail::variants_with(Capability::distance)) {
    if (v->info.uses_device || !v->distance.cost) continue;
    const std::vector<detail::Measurement> none;
    const Params defaults = defaults_of(v->info);
    const detail::PairCost cost = v->distance.cost({device, defaults, none});
    const auto p = cost ? cost(pair) : std::nullopt;
    if (p && p->seconds <= kReferenceSeconds) quick.emplace_back(p->seconds, &v->info);
  }
  std::stable_sort(quick.begin(), quick.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<const VariantInfo*> out;
  for (const auto& q : quick) out.push_back(q.second);
  out.push_back(&fallback_variant());
  for (const detail::Variant* v : detail::variants_with(Capability::distance))
    if (v->info.uses_device && v->info.tuned && std::none_of(out.begin(), out.end(), [&](const VariantInfo* c) {
          return c->family == v->info.family;
        }))
      out.push_back(&v->info);
  return out;
}

// The exact distance of a workload: two variants of different families must agree (see
// reference_candidates); a variant that cannot run on the device is passed over.
std::int64_t reference_distance(Context& context, const TuningWorkload& w, const Report& report, bool verbose) {
  std::vector<std::pair<const VariantInfo*, std::int64_t>> found;
  for (const VariantInfo* v : reference_candidates(context.device(), w)) {
    if (found.size() == 2) break;
    if (!found.empty() && found[0].first->family == v->family) continue;
    try {
      found.emplace_back(v, context.distance(w.a, w.b, v->name, defaults_of(*v)).distance);
    } catch (const Error& e) {
      report("warning: reference for " + w.name + " with " + v->name + " failed: " + e.what());
    }
  }
  if (found.empty()) throw Error(ErrorCode::internal, "no variant could compute the reference distance of " + w.name);
  if (found.size() == 2 && found[0].second != found[1].second)
    throw Error(ErrorCode::internal, "reference distances of " + w.name + " disagree: " + found[0].first->name + " " +
                                         std::to_string(found[0].second) + ", " + found[1].first->name + " " +
                                         std::to_string(found[1].second));
  if (found.size() == 1)
    report("warning: reference distance of " + w.name + " rests on " + found[0].first->name + " alone");
  if (verbose)
    report("reference: " + w.name + " (" + std::to_string(w.a.size()) + " x " + std::to_string(w.b.size()) +
           "): distance " + std::to_string(found[0].second) + " (" + found[0].first->name +
           (found.size() == 2 ? ", " + found[1].first->name : "") + ")");
  return found[0].second;
}

std::string similarity_name(double s) {
  std::ostringstream n;
  n << "synthetic-" << std::setprecision(6) << s * 100;
  return n.str();
}

// The workloads: the pair of files, or one synthetic pair per similarity, each with its
// reference distance (taken over from `previous` when it measured the same workloads).
std::vector<TuningWorkload> workloads(Context& context, const TuneSettings& s, const json& previous,
                                      const Report& report, bool verbose) {
  std::vector<TuningWorkload> out;
  if (!s.file_a.empty()) {
    TuningWorkload w;
    w.name = "files:" + std::filesystem::path(s.file_a).filename().string() + "," +
             std::filesystem::path(s.file_b).filename().string();
    w.a = read_sequence(s.file_a);
    w.b = read_sequence(s.file_b);
    out.push_back(std::move(w));
  } else {
    if (s.similarities.empty()) throw Error(ErrorCode::invalid_argument, "no similarity to tune on");
    for (double similarity : s.similarities)
      if (!(similarity > 0 && similarity <= 1))
        throw Error(ErrorCode::invalid_argument, "similarity " + std::to_string(similarity) + " is not in (0, 1]");
    std::size_t length = s.length;
    if (length == 0 && previous.contains("workloads") && !previous["workloads"].empty())
      length = previous["workloads"][0].value("len_a", std::size_t{0});  // resume: same length
    if (length == 0) {
      auto sorted = s.similarities;
      std::sort(sorted.begin(), sorted.end());
      const double middle = sorted[(sorted.size() - 1) / 2];
      report("calibrating the length with " + fallback_variant().name + " at similarity " + fixed(middle, 3) + "...");
      length = calibrate(context, middle, report, verbose);
    }
    for (std::size_t i = 0; i < s.similarities.size(); ++i) {
      TuningWorkload w;
      w.name = similarity_name(s.similarities[i]);
      w.similarity = s.similarities[i];
      w.seed = i + 1;
      auto pair = synthetic_pair(length, w.similarity, w.seed);
      w.a = std::move(pair.a);
      w.b = std::move(pair.b);
      out.push_back(std::move(w));
    }
  }
  for (auto& w : out) {
    if (previous.contains("workloads"))
      for (const auto& pw : previous["workloads"])
        if (pw.value("name", "") == w.name && pw.value("len_a", std::size_t{0}) == w.a.size() &&
            pw.value("len_b", std::size_t{0}) == w.b.size() && pw.value("seed", std::uint64_t{0}) == w.seed)
          w.distance = pw.value("distance", std::int64_t{-1});
    if (w.distance < 0) {
      if (!previous.is_null())
        throw Error(ErrorCode::bad_input, "--resume: " + s.output + " was measured on other workloads than " +
                                              w.name + " (" + std::to_string(w.a.size()) + " x " +
                                              std::to_string(w.b.size()) +
                                              "); use another --output or the same --length and --similarities");
      w.distance = reference_distance(context, w, report, verbose);
    }
    report("workload " + w.name + ": " + std::to_string(w.a.size()) + " x " + std::to_string(w.b.size()) +
           ", distance " + std::to_string(w.distance));
  }
  return out;
}

// The swept parameters of params, for the progress lines: "tile=127 read-interval=100".
std::string swept_text(const VariantInfo& variant, const Params& params) {
  std::string out;
  for (const auto& spec : variant.params) {
    if (spec.sweep == Sweep::none) continue;
    const auto it = params.find(spec.name);
    if (it != params.end()) out += (out.empty() ? "" : " ") + spec.name + "=" + std::to_string(it->second);
  }
  return out.empty() ? "defaults" : out;
}

// A variant's configurations to measure.
struct VariantPlan {
  const VariantInfo* info;
  std::vector<Configuration> configs;
};

// Every chosen variant's configurations; those the device cannot run are recorded unrun.
// Reports how many are left to run.
std::vector<VariantPlan> plan_configurations(const DeviceInfo& device, const TuneSettings& s, TuningRecord& record,
                                             std::size_t& to_run, const Report& report, bool verbose) {
  const std::size_t resumed = record.measurements().size();
  std::vector<VariantPlan> plans;
  std::size_t skipped = 0;
  to_run = 0;
  for (const auto& name : chosen_variants(s)) {
    VariantPlan plan{&variant_info(name), search_space(device, variant_info(name), s.max_tile)};
    for (const auto& c : plan.configs) {
      const bool done = record.measured(name, c.params);
      if (c.unrunnable.empty()) {
        to_run += done ? 0 : 1;
        continue;
      }
      ++skipped;
      if (verbose) report("[- " + name + "] " + swept_text(*plan.info, c.params) + ": skipped: " + c.unrunnable);
      if (!done) record.add({{"variant", name}, {"params", c.params}, {"error", "skipped: " + c.unrunnable}});
    }
    plans.push_back(std::move(plan));
  }
  report(std::to_string(to_run) + " configurations to run" +
         (skipped ? " (" + std::to_string(skipped) + " skipped as impossible on the device)" : "") +
         (resumed ? ", " + std::to_string(resumed) + " measurements resumed" : "") + ", budget " +
         fixed(s.budget_seconds, 0) + " s");
  return plans;
}

// One configuration measured on the workloads, cheapest first (`order`): its rows for the
// record, and the status for the progress line.
struct Measured {
  std::vector<json> rows;
  std::string status;
};

// The first workload warms up (builds the program). A configuration slower on a workload
// than 3 times the variant's fastest there (`fastest[k]` for workload order[k], updated) is
// not measured further: the costly divergent workloads come last (pwg with tile 1 on the
// H100 took 83 s of a 300 s budget, ten times its best, when only the first could abort it).
Measured measure(Context& context, const VariantInfo& variant, const Params& params,
                 const std::vector<TuningWorkload>& workloads, const std::vector<std::size_t>& order,
                 std::vector<double>& fastest, TuneSummary& summary, const Report& report) {
  const std::string& name = variant.name;
  Measured out;
  double log_gcups = 0;  // over the workloads measured, for the progress line
  std::size_t measured = 0;
  bool exact = true, aborted = false;
  try {
    context.distance(workloads[order.front()].a, workloads[order.front()].b, name, params);  // warm-up, not timed
    for (std::size_t k = 0; k < order.size(); ++k) {
      const auto& w = workloads[order[k]];
      if (aborted) {
        out.rows.push_back({{"variant", name}, {"params", params}, {"workload", w.name}, {"aborted", "slower than 3x best"}});
        continue;
      }
      const Result r = context.distance(w.a, w.b, name, params);
      const double g = gcups(w.a.size(), w.b.size(), r.costs.seconds);
      json row = {{"variant", name}, {"params", params}, {"workload", w.name},
                  {"seconds", r.costs.seconds}, {"gcups", g}, {"exact", r.distance == w.distance}};
      if (r.distance != w.distance) {
        exact = false;
        row["distance"] = r.distance;
        report("WRONG: " + name + " " + swept_text(variant, params) + " on " + w.name + ": distance " +
               std::to_string(r.distance) + ", expected " + std::to_string(w.distance));
        summary.failures.push_back("WRONG " + name + " " + json(params).dump() + " on " + w.name);
        ++summary.wrong;
      }
      out.rows.push_back(std::move(row));
      log_gcups += std::log(g);
      ++measured;
      if (k + 1 < order.size() && fastest[k] > 0 && r.costs.seconds > 3 * fastest[k]) aborted = true;
      if (exact && (fastest[k] == 0 || r.costs.seconds < fastest[k])) fastest[k] = r.costs.seconds;
    }
  } catch (const Error& e) {
    // One entry for the configuration: its partial timings are not comparable.
    const std::string error = e.what();
    out.rows.assign(1, json{{"variant", name}, {"params", params}, {"error", error}});
    summary.failures.push_back(name + " " + json(params).dump() + ": " + error.substr(0, error.find('\n')));
    out.status = "error: " + error.substr(0, error.find('\n'));
    return out;
  }
  out.status = fixed(std::exp(log_gcups / static_cast<double>(measured)), 1) + " GCUPS" + (exact ? "" : " WRONG") +
               (aborted ? " (aborted: slower than 3x best)" : "");
  return out;
}

}  // namespace

TuneSummary tune(Context& context, const TuneSettings& s, const Report& report, bool verbose) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  if (s.file_a.empty() != s.file_b.empty()) throw Error(ErrorCode::invalid_argument, "give two files A and B, or none");
  if (!s.file_a.empty() && s.length > 0)
    throw Error(ErrorCode::invalid_argument, "--length applies to synthetic pairs, not to files A B");
  if (s.output.empty()) throw Error(ErrorCode::invalid_argument, "no output file to write the tuning results to");
  chosen_variants(s);  // bad names are refused before any work

  const DeviceInfo device = context.device();
  report(device.name + " (" + device.platform + ", " + device.type + "), output " + s.output);
  TuningRecord record(device, s.command);
  const json previous = s.resume && std::filesystem::exists(s.output) ? TuningRecord::read_previous(s.output, device)
                                                                        : json();
  record.workloads = workloads(context, s, previous, report, verbose);
  if (previous.contains("measurements"))
    for (const auto& m : previous["measurements"]) record.add(m);
  std::size_t total = 0;
  const std::vector<VariantPlan> plans = plan_configurations(device, s, record, total, report, verbose);

  // Workloads are measured cheapest first (smallest distance): the warm-up runs on the
  // cheapest, and a configuration far slower than the best is aborted after it, before
  // the expensive ones (on a GPU the 50% pair takes up to 40 times longer).
  std::vector<std::size_t> order(record.workloads.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return record.workloads[x].distance < record.workloads[y].distance;
  });
  TuneSummary summary;
  std::size_t index = 0;
  for (std::size_t pi = 0; pi < plans.size(); ++pi) {
    const VariantPlan& plan = plans[pi];
    const std::string& name = plan.info->name;
    // This variant's share of what is left of the budget, shared between auto's engines
    // while one is left (they come first), then between the others; unused time passes on.
    const auto sharing = static_cast<double>(
        plan.info->planner ? std::count_if(plans.begin() + static_cast<std::ptrdiff_t>(pi), plans.end(),
                                           [](const VariantPlan& p) { return p.info->planner; })
                           : static_cast<std::ptrdiff_t>(plans.size() - pi));
    const double share_end = elapsed() + std::max(0.0, s.budget_seconds - elapsed()) / sharing;
    std::vector<double> fastest;  // this variant's, on each workload in `order`
    for (const std::size_t w : order) fastest.push_back(record.fastest_seconds(name, record.workloads[w].name));
    double last = 0;  // this variant's last configuration's seconds: one like it that would end past the budget waits
    for (const auto& c : plan.configs) {
      if (!c.unrunnable.empty() || record.measured(name, c.params)) continue;
      if (elapsed() + last >= share_end || elapsed() + last >= s.budget_seconds) {
        ++summary.not_run;
        continue;
      }
      ++index;
      const double began = elapsed();
      Measured m = measure(context, *plan.info, c.params, record.workloads, order, fastest, summary, report);
      last = elapsed() - began;
      for (auto& row : m.rows) record.add(std::move(row));
      const auto bests = record.best();
      const TuneBest best = bests.count(name) ? bests.at(name) : TuneBest{};
      report("[" + std::to_string(index) + "/" + std::to_string(total) + " " + name + "] " +
             swept_text(*plan.info, c.params) + ": " + m.status + " (best " + fixed(best.gcups, 1) + " " +
             (best.params.empty() ? "-" : swept_text(*plan.info, best.params)) + ") " +
             std::to_string(static_cast<long>(elapsed())) + "/" + fixed(s.budget_seconds, 0) + " s");
      record.write(s.output);  // after every configuration, so that --resume survives an interrupt
    }
  }
  record.write(s.output);
  summary.best = record.best();
  summary.best_variant = detail::best_variant(summary.best);
  return summary;
}

}  // namespace levcl
