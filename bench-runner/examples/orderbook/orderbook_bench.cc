// The JayBeams order-book experiment (Carlos O'Ryan, "On Benchmarking",
// coryan.github.io): the same operation stream replayed on an array-based
// and a map-based book. ORDERBOOK_USE_ARRAY (CMake: ORDERBOOK_IMPL) picks the
// implementation behind BM_OrderBook, so a commit can switch it.
#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include "array_based_side.h"
#include "map_based_side.h"
#include "operation_stream.h"
#include "order_book.h"

namespace {

constexpr size_t kOperationsPerIteration = 20000;
constexpr uint64_t kSeed = 20170101;

const std::vector<orderbook::Operation>& Operations() {
  static const auto ops = orderbook::GenerateOperations(kOperationsPerIteration, kSeed);
  return ops;
}

template <typename Book>
void ReplayBenchmark(benchmark::State& state) {
  const auto& ops = Operations();
  for (auto _ : state) {
    benchmark::DoNotOptimize(orderbook::ReplayOperations<Book>(ops));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(ops.size()));
}

using ArrayBook = orderbook::OrderBook<orderbook::ArrayBasedSide>;
using MapBook = orderbook::OrderBook<orderbook::MapBasedSide>;
#if ORDERBOOK_USE_ARRAY
using SelectedBook = ArrayBook;
#else
using SelectedBook = MapBook;
#endif

void BM_OrderBook_Array(benchmark::State& state) { ReplayBenchmark<ArrayBook>(state); }
void BM_OrderBook_Map(benchmark::State& state) { ReplayBenchmark<MapBook>(state); }
void BM_OrderBook(benchmark::State& state) { ReplayBenchmark<SelectedBook>(state); }

BENCHMARK(BM_OrderBook_Array)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_OrderBook_Map)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_OrderBook)->Unit(benchmark::kMicrosecond);

}  // namespace
