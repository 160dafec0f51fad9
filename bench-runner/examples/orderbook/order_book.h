// A two-sided order book over one side implementation, and the quote it
// publishes. Prices are integer ticks.
#ifndef ORDERBOOK_ORDER_BOOK_H_
#define ORDERBOOK_ORDER_BOOK_H_

#include "book_side.h"

namespace orderbook {

enum class Side { kBuy, kSell };

struct Quote {
  int64_t bid_price;  // kNoKey when there is no bid
  Qty bid_qty;
  int64_t offer_price;  // kNoKey when there is no offer
  Qty offer_qty;
};

template <typename SideImpl>
class OrderBook {
 public:
  void Add(Side side, int64_t price, Qty qty) {
    side == Side::kBuy ? bids_.Add(price, qty) : offers_.Add(-price, qty);
  }

  // REQUIRES: at least `qty` rests at `price` on `side`.
  void Reduce(Side side, int64_t price, Qty qty) {
    side == Side::kBuy ? bids_.Reduce(price, qty) : offers_.Reduce(-price, qty);
  }

  Quote BestQuote() const {
    const Level bid = bids_.Best();
    const Level offer = offers_.Best();
    return {bid.key, bid.qty, offer.key == kNoKey ? kNoKey : -offer.key, offer.qty};
  }

 private:
  SideImpl bids_;
  SideImpl offers_;
};

}  // namespace orderbook

#endif  // ORDERBOOK_ORDER_BOOK_H_
