// Book side kept in a std::map<key, qty>: the obvious implementation, and
// the baseline of the JayBeams experiment (one node allocation per level,
// pointer chasing on every update).
#ifndef ORDERBOOK_MAP_BASED_SIDE_H_
#define ORDERBOOK_MAP_BASED_SIDE_H_

#include <cassert>
#include <map>

#include "book_side.h"

namespace orderbook {

class MapBasedSide {
 public:
  void Add(Key key, Qty qty) { levels_[key] += qty; }

  // REQUIRES: at least `qty` is resting at `key`.
  void Reduce(Key key, Qty qty) {
    auto it = levels_.find(key);
    assert(it != levels_.end() && it->second >= qty);
    it->second -= qty;
    if (it->second == 0) levels_.erase(it);
  }

  Level Best() const {
    if (levels_.empty()) return {kNoKey, 0};
    const auto& best = *levels_.rbegin();
    return {best.first, best.second};
  }

  Qty QtyAt(Key key) const {
    auto it = levels_.find(key);
    return it == levels_.end() ? 0 : it->second;
  }

 private:
  std::map<Key, Qty> levels_;
};

}  // namespace orderbook

#endif  // ORDERBOOK_MAP_BASED_SIDE_H_
