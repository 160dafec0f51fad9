// A seeded, reproducible stream of order-book operations: adds and reduces of
// resting orders whose prices drift around a moving mid price, most of them
// within a few ticks of the inside (as in JayBeams' benchmark generator).
#ifndef ORDERBOOK_OPERATION_STREAM_H_
#define ORDERBOOK_OPERATION_STREAM_H_

#include <cstdint>
#include <random>
#include <vector>

#include "order_book.h"

namespace orderbook {

struct Operation {
  bool add;  // false: reduce
  Side side;
  int64_t price;
  Qty qty;
};

// REQUIRES: count > 0. Every Reduce refers to quantity added earlier.
inline std::vector<Operation> GenerateOperations(size_t count, uint64_t seed) {
  struct Resting {
    Side side;
    int64_t price;
    Qty qty;
  };
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::geometric_distribution<int64_t> near(0.25);  // mostly 0..8 ticks off the inside
  std::uniform_int_distribution<int64_t> far(20, 5000);
  std::uniform_int_distribution<Qty> lots(1, 10);

  std::vector<Operation> ops;
  std::vector<Resting> resting;
  ops.reserve(count);
  int64_t mid = 100000;
  while (ops.size() < count) {
    if (unit(rng) < 0.05) mid += unit(rng) < 0.5 ? -1 : 1;  // slow drift
    const bool add = resting.empty() || unit(rng) < 0.52;
    if (add) {
      const Side side = unit(rng) < 0.5 ? Side::kBuy : Side::kSell;
      const int64_t offset = 1 + (unit(rng) < 0.02 ? far(rng) : near(rng));
      const int64_t price = side == Side::kBuy ? mid - offset : mid + offset;
      const Qty qty = 100 * lots(rng);
      ops.push_back({true, side, price, qty});
      resting.push_back({side, price, qty});
    } else {
      std::uniform_int_distribution<size_t> pick(0, resting.size() - 1);
      const size_t i = pick(rng);
      Resting& order = resting[i];
      const Qty qty = unit(rng) < 0.7 ? order.qty : 100 * std::max<Qty>(1, order.qty / 200);
      ops.push_back({false, order.side, order.price, qty});
      order.qty -= qty;
      if (order.qty == 0) {
        order = resting.back();
        resting.pop_back();
      }
    }
  }
  return ops;
}

// Applies `ops` to a fresh book and folds every quote into a checksum, so the
// compiler cannot skip the queries and implementations can be compared.
template <typename Book>
int64_t ReplayOperations(const std::vector<Operation>& ops) {
  Book book;
  int64_t checksum = 0;
  for (const Operation& op : ops) {
    if (op.add) {
      book.Add(op.side, op.price, op.qty);
    } else {
      book.Reduce(op.side, op.price, op.qty);
    }
    const Quote q = book.BestQuote();
    checksum = checksum * 31 + q.bid_price + q.bid_qty + q.offer_price + q.offer_qty;
  }
  return checksum;
}

}  // namespace orderbook

#endif  // ORDERBOOK_OPERATION_STREAM_H_
