// One side of an order book: total quantity per price level, best price.
//
// Prices are integer ticks. Both implementations store a "key" where a
// higher key is always a better price: the bid side uses the price, the
// offer side its negation (see order_book.h).
#ifndef ORDERBOOK_BOOK_SIDE_H_
#define ORDERBOOK_BOOK_SIDE_H_

#include <cstdint>

namespace orderbook {

using Key = int64_t;
using Qty = int64_t;

struct Level {
  Key key;
  Qty qty;  // 0 when the side is empty
};

constexpr Key kNoKey = INT64_MIN;

}  // namespace orderbook

#endif  // ORDERBOOK_BOOK_SIDE_H_
