// A block of a sweep's stripes on one device, in tiles of columns (BitparSweeps::block): the
// rows of one long pair spread over several devices, each block's bottom row handed to the
// block below tile by tile, so that the block below starts once the first tile above is
// done (a pipeline across devices). A tile is one launch of the kernel over the block's
// stripes that meet the band there, each taking its top row, corner and left column from
// what came before (cl/bitpar.h): the values are those of the whole sweep on one device.
#include <algorithm>
#include <chrono>
#include <climits>

#include "engines/bitpar/bitpar_sweeps.hpp"
#include "runtime/clock.hpp"
#include "runtime/devices.hpp"
#include "runtime/log.hpp"

namespace levcl::detail {
namespace {

// A tile's top row's value at its column x: from the value at its last column with deltas
// of its own, back by them and on by +1 a column past it; with none, from its column 0's
// (`corner`), +1 a column.
std::int64_t row_value(Geometry geometry, const TileRow& row, std::int64_t corner, std::int64_t x) {
  if (row.last == 0) return corner + x;
  return x <= row.last ? row.value - SlotDeltas{geometry, row.slot.data()}.rise(x, row.last) : row.value + (x - row.last);
}

}  // namespace

SweepEdge BitparSweeps::block(const Piece& piece, Halves which, const SweepBlock& rows, std::int64_t tile_columns,
                              RowLink* above, RowLink* below) {
  const BitparSweep sweep = layout_of(piece, plan_of(piece, Halves::both, rows.share), which == Halves::backward);
  const DeviceInfo& info = device_.info();
  const std::int64_t h = height_, n = sweep.n, stripes = rows.count;
  const std::int64_t top = rows.first * h;  // the block's rows: top + 1 .. top + m
  const std::int64_t m = std::min<std::int64_t>(sweep.m, (rows.first + rows.count) * h) - top;
  const std::uint64_t word = bus_word_bytes(geometry_);
  // The bus: the block's edge, kept from tile to tile (a stripe reads its rows' deltas there
  // before it leaves its own), then the top row's slot, then the stripes' slots.
  const std::uint64_t edge_bytes = bus_slot_bytes(geometry_, static_cast<std::uint64_t>(m));
  const std::uint64_t tile_slot = bus_slot_bytes(geometry_, static_cast<std::uint64_t>(tile_columns));
  const std::uint64_t slots_at = edge_bytes + tile_slot;
  const std::int64_t room = static_cast<std::int64_t>((bus_budget_ - std::min(bus_budget_, slots_at)) / tile_slot);
  const std::int64_t most_slots = std::min(stripes, std::max<std::int64_t>(room, 2));
  const std::uint64_t bus_bytes = slots_at + static_cast<std::uint64_t>(most_slots) * tile_slot;
  const std::uint64_t table_bytes = static_cast<std::uint64_t>(stripes) * (5 * sizeof(cl_int) + sizeof(cl_ulong));
  const std::uint64_t size_a = strings_.host_a.size(), size_b = strings_.host_b.size();
  check_memory(info, {strings_.bytes + 2 * (size_a + size_b) + bus_bytes + table_bytes, bus_bytes},
               "bitpar's bus of " + std::to_string(bus_bytes >> 20) + " MiB");
  peak_bytes_ = std::max(peak_bytes_, 2 * (size_a + size_b) + bus_bytes + table_bytes);

  // A block alone in its sweep, in one tile, is the whole sweep: the kernel without a tile's
  // inputs (TILES) runs it, as fast as a whole sweep's launch.
  const bool tiled = above || below || tile_columns < n;
  // Each stripe's last value and its column in the sweep, in the last tile it met the band
  // (column 0: none yet).
  std::vector<std::int64_t> ends(static_cast<std::size_t>(stripes), 0), lasts(ends);
  std::int64_t corner = top;  // the block's top row at the tile's column 0: D[top][0] = top
  SweepEdge out;
  out.first = top + 1;
  out.last = top + m;
  const auto started = std::chrono::steady_clock::now();
  double waited = 0, kernels = 0;  // on the block above, and the launches' device time
  std::int64_t launches = 0;
  try {
    BitparArgs args;
    args.codes = buffers_.codes.buffer();
    args.bus = buffers_.bus.at_least(device_, bus_bytes);
    args.sweeps = buffers_.sweeps.at_least(device_, sizeof(BitparSweep));
    args.claims = buffers_.claims.at_least(device_, static_cast<std::uint64_t>(stripes) * 2 * sizeof(cl_int));
    args.top_left = buffers_.top_left.at_least(device_, static_cast<std::uint64_t>(stripes + 1) * sizeof(cl_ulong));
    args.next_stripe = buffers_.next.at_least(device_, sizeof(cl_int));
    args.result = buffers_.results.at_least(device_, sizeof(cl_int));
    args.stripe_values = buffers_.stripe_values.at_least(device_, static_cast<std::uint64_t>(stripes) * 2 * sizeof(cl_int));
    if (!buffers_.progress || buffers_.progress->count() < static_cast<std::size_t>(stripes))
      buffers_.progress.emplace(device_.counters(static_cast<std::size_t>(stripes)));
    args.progress = buffers_.progress->buffer();
    cl::CommandQueue& queue = device_.queue();
    std::vector<cl_int> claims;
    for (cl_int s = 0; s < stripes; ++s) claims.insert(claims.end(), {0, s});
    queue.enqueueWriteBuffer(args.claims, CL_FALSE, 0, claims.size() * sizeof(cl_int), claims.data());

    for (std::int64_t from = 0; from < n; from += tile_columns) {
      const std::int64_t columns = std::min(tile_columns, n - from);
      const auto asked = std::chrono::steady_clock::now();
      const TileRow top_row = above ? above->receive() : TileRow{};
      waited += seconds_since(asked);
      // The band's diagonals in the tile's rows and columns; each stripe's columns there.
      const std::int64_t lo = sweep.band_lo - from + top, hi = sweep.band_hi - from + top;
      const auto first_of = [&](std::int64_t s) { return std::max<std::int64_t>(1, s * h + 1 + lo); };
      const auto last_of = [&](std::int64_t s) { return std::min(columns, std::min(m, (s + 1) * h) + hi); };
      // The stripes that meet the band in this tile: after those it has passed, before those
      // it has not reached.
      std::int64_t low = 0;
      while (low < stripes && first_of(low) > last_of(low)) ++low;
      std::int64_t high = low;
      while (high + 1 < stripes && first_of(high + 1) <= last_of(high + 1)) ++high;
      TileRow bottom_row;
      if (low < stripes) {
        const std::int64_t count = high - low + 1, skipped = low * h;
        BitparSweep tile = sweep;
        tile.rows_at += top + skipped;
        tile.columns_at += from;
        tile.m = static_cast<cl_int>(std::min(m, (high + 1) * h) - skipped);
        tile.n = static_cast<cl_int>(columns);
        tile.band_lo = static_cast<cl_int>(lo + skipped);
        tile.band_hi = static_cast<cl_int>(hi + skipped);
        tile.stripes = static_cast<cl_int>(count);
        tile.slots = static_cast<cl_int>(std::min(count, most_slots));
        tile.bus_at = static_cast<cl_long>(slots_at / word);
        tile.top_at = static_cast<cl_long>(edge_bytes / word);
        tile.top_last = static_cast<cl_int>(low == 0 ? top_row.last : 0);
        tile.edge_at = static_cast<cl_long>(bus_slot_bytes(geometry_, static_cast<std::uint64_t>(skipped)) / word);  // rows above it
        tile.left_at = from == 0 ? -1 : tile.edge_at;
        tile.lefts_at = 0;
        tile.ends_at = static_cast<cl_int>(count);
        // The corners of the stripes that start at column 0: on the top row, down the
        // sweep's column 0, or the stripe above's last value, +1 a column past its last
        // (in the tile before, or earlier where the band's top edge left it behind).
        std::vector<cl_int> values(static_cast<std::size_t>(2 * count), 0);
        for (std::int64_t s = low; s <= high; ++s) {
          if (!bitpar_corner_from_host(s, first_of(s))) continue;
          std::int64_t value;
          if (s == 0) {
            value = row_value(geometry_, top_row, corner, first_of(0) - 1);
          } else if (from == 0) {
            value = top + s * h;
          } else {
            const std::size_t above_stripe = static_cast<std::size_t>(s - 1);
            if (lasts[above_stripe] == 0)
              throw Error(ErrorCode::internal, "bitpar: a tile's stripe " + std::to_string(s) + " has no corner");
            value = ends[above_stripe] + (from - lasts[above_stripe]);
          }
          values[static_cast<std::size_t>(s - low)] = static_cast<cl_int>(value);
        }
        const std::uint64_t slot_bytes = bus_slot_bytes(geometry_, static_cast<std::uint64_t>(columns));
        // A block of several: on slots of their own unless `own` says never. A block's share of
        // the stripes is few enough that the kernel of fewer registers holds them all at once,
        // where the rings' left a second wave that walks the whole tile again (the H100,
        // synthetic 10 Mbp at 50% over four: 1.38 -> 1.03 s; the motivating pair 0.20 s either
        // way). A lone block (a sweep on one part) chooses as a whole sweep does.
        const BandWork work = band_work(tile.m, columns, h, stripe_lead(geometry_, params_), Band{tile.band_lo, tile.band_hi});
        const bool own = geometry_ == Geometry::lanes && tile.slots == tile.stripes &&
                         ((above || below) ? params_.at("own") != 0 : own_slots_for(work));
        queue.enqueueWriteBuffer(args.sweeps, CL_FALSE, 0, sizeof tile, &tile);
        queue.enqueueWriteBuffer(args.stripe_values, CL_FALSE, 0, values.size() * sizeof(cl_int), values.data());
        if (tile.top_last > 0)
          queue.enqueueWriteBuffer(args.bus, CL_FALSE, edge_bytes, top_row.slot.size(), top_row.slot.data());
        reset_launch(args, count, count + 1, own, slots_at, static_cast<std::uint64_t>(count) * slot_bytes);
        args.claim_count = static_cast<cl_int>(count);
        BusySpan busy;
        run_stripes(kernel(own, tiled), args, count, 1, work, busy);
        if (tiled)
          queue.enqueueReadBuffer(args.stripe_values, CL_FALSE, count * sizeof(cl_int), count * sizeof(cl_int),
                                  values.data());
        cl_int last_value = 0;  // the sweep's last stripe's, where it is here: at its bottom row's last column
        queue.enqueueReadBuffer(args.result, CL_FALSE, 0, sizeof last_value, &last_value);
        // The block's bottom row, where its last stripe met the band here.
        if (high == stripes - 1) {
          bottom_row.last = last_of(high);
          bottom_row.slot.resize(bus_slot_bytes(geometry_, static_cast<std::uint64_t>(bottom_row.last)));
          const std::uint64_t at = slots_at + static_cast<std::uint64_t>((count - 1) % tile.slots) * slot_bytes;
          queue.enqueueReadBuffer(args.bus, CL_FALSE, at, bottom_row.slot.size(), bottom_row.slot.data());
        }
        queue.finish();
        costs_.kernel_seconds += busy.seconds();
        kernels += busy.seconds();
        ++launches;
        for (std::int64_t s = low; s <= high; ++s) {
          const std::size_t at = static_cast<std::size_t>(s);
          ends[at] = values[static_cast<std::size_t>(s - low)];
          lasts[at] = from + last_of(s);
          costs_.cells += static_cast<std::uint64_t>(last_of(s) - first_of(s) + 1) *
                          static_cast<std::uint64_t>(std::min(m, (s + 1) * h) - s * h);
        }
        // The block's value at its bottom row and the sweep's last column, +1 a column past
        // its last stripe's last.
        if (high == stripes - 1) {
          bottom_row.value = last_value;
          out.value = bottom_row.value + (n - from - bottom_row.last);
        }
      }
      if (below) below->send(std::move(bottom_row));
      corner = row_value(geometry_, top_row, corner, columns);
    }
    out.slot.resize(edge_bytes);
    queue.enqueueReadBuffer(args.bus, CL_TRUE, 0, edge_bytes, out.slot.data());
  } catch (const cl::Error& e) {
    throw_opencl_error(e, "running bitpar's tiles on " + info.name);
  }
  log().debug("bitpar: {} block of stripes {} .. {} on {}: {} tiles of {} columns launched, {:.2f} ms waiting on the "
              "block above, kernels {:.2f} ms, {:.2f} ms in all",
              which == Halves::backward ? "backward" : "forward", rows.first, rows.first + rows.count - 1, info.name,
              launches, tile_columns, 1e3 * waited, 1e3 * kernels, 1e3 * seconds_since(started));
  return out;
}

}  // namespace levcl::detail
