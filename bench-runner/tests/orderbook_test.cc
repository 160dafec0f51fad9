// The two order books must agree on every quote for the benchmark's stream
// (and a longer one that exercises the window shifts).
#include <gtest/gtest.h>

#include "array_based_side.h"
#include "map_based_side.h"
#include "operation_stream.h"
#include "order_book.h"

namespace orderbook {
namespace {

template <typename Book>
std::vector<Quote> Quotes(const std::vector<Operation>& ops) {
  Book book;
  std::vector<Quote> out;
  for (const Operation& op : ops) {
    op.add ? book.Add(op.side, op.price, op.qty) : book.Reduce(op.side, op.price, op.qty);
    out.push_back(book.BestQuote());
  }
  return out;
}

TEST(OrderBook, ArrayAndMapAgreeOnEveryQuote) {
  for (uint64_t seed : {1u, 20170101u, 99u}) {
    const auto ops = GenerateOperations(200000, seed);
    const auto a = Quotes<OrderBook<ArrayBasedSide>>(ops);
    const auto m = Quotes<OrderBook<MapBasedSide>>(ops);
    ASSERT_EQ(a.size(), m.size());
    for (size_t i = 0; i < a.size(); ++i) {
      ASSERT_EQ(a[i].bid_price, m[i].bid_price) << "op " << i;
      ASSERT_EQ(a[i].bid_qty, m[i].bid_qty) << "op " << i;
      ASSERT_EQ(a[i].offer_price, m[i].offer_price) << "op " << i;
      ASSERT_EQ(a[i].offer_qty, m[i].offer_qty) << "op " << i;
    }
  }
}

TEST(OrderBook, WindowShiftsAndRefillsFromTheMap) {
  OrderBook<ArrayBasedSide> a;
  OrderBook<MapBasedSide> m;
  auto both = [&](bool add, Side s, int64_t p, Qty q) {
    add ? a.Add(s, p, q) : a.Reduce(s, p, q);
    add ? m.Add(s, p, q) : m.Reduce(s, p, q);
    const Quote qa = a.BestQuote(), qm = m.BestQuote();
    ASSERT_EQ(qa.bid_price, qm.bid_price);
    ASSERT_EQ(qa.bid_qty, qm.bid_qty);
    ASSERT_EQ(qa.offer_price, qm.offer_price);
  };
  both(true, Side::kBuy, 1000, 5);
  both(true, Side::kBuy, 1000 - 10000, 7);   // far below: map
  both(true, Side::kBuy, 1000 + 50000, 3);   // far above: window slides up
  both(false, Side::kBuy, 1000 + 50000, 3);  // back to 1000 (now in the map)
  both(false, Side::kBuy, 1000, 5);          // down to the far level
  both(false, Side::kBuy, 1000 - 10000, 7);  // empty
  both(true, Side::kSell, 2000, 1);
  both(false, Side::kSell, 2000, 1);
}

}  // namespace
}  // namespace orderbook
