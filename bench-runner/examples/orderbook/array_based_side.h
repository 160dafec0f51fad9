// Book side kept as a vector of quantities over a window of price levels
// near the inside, with a std::map for the (rare) levels below the window.
// Most updates touch levels near the best price, so they become an index
// into contiguous memory instead of a tree walk — the idea of JayBeams'
// array_based_order_book.
#ifndef ORDERBOOK_ARRAY_BASED_SIDE_H_
#define ORDERBOOK_ARRAY_BASED_SIDE_H_

#include <algorithm>
#include <cassert>
#include <map>
#include <vector>

#include "book_side.h"

namespace orderbook {

class ArrayBasedSide {
 public:
  // Levels kept in the window; far enough for a day of typical price moves.
  static constexpr Key kWindow = 2048;

  ArrayBasedSide() : window_(kWindow, 0) {}

  void Add(Key key, Qty qty) {
    if (Empty()) Recenter(key);
    if (key >= base_ + kWindow) ShiftUp(key);
    if (key < base_) {
      far_[key] += qty;
    } else {
      window_[Index(key)] += qty;
    }
    if (key > best_) best_ = key;
  }

  // REQUIRES: at least `qty` is resting at `key`.
  void Reduce(Key key, Qty qty) {
    if (key < base_) {
      auto it = far_.find(key);
      assert(it != far_.end() && it->second >= qty);
      it->second -= qty;
      if (it->second == 0) far_.erase(it);
    } else {
      Qty& level = window_[Index(key)];
      assert(level >= qty);
      level -= qty;
    }
    if (key == best_ && QtyAt(key) == 0) FindNewBest();
  }

  Level Best() const {
    if (best_ == kNoKey) return {kNoKey, 0};
    return {best_, QtyAt(best_)};
  }

  Qty QtyAt(Key key) const {
    if (key >= base_ && key < base_ + kWindow) return window_[Index(key)];
    auto it = far_.find(key);
    return it == far_.end() ? 0 : it->second;
  }

 private:
  bool Empty() const { return best_ == kNoKey; }
  size_t Index(Key key) const { return static_cast<size_t>(key - base_); }

  // Place the window so that `key` sits three quarters up: room for the
  // inside to improve and for most of the book below it.
  void Recenter(Key key) { base_ = key - (kWindow * 3) / 4; }

  // `key` is above the window: slide it up, moving levels that fall off the
  // bottom into the map.
  void ShiftUp(Key key) {
    const Key new_base = key - (kWindow * 3) / 4;
    const Key shift = new_base - base_;
    for (Key i = 0; i < std::min(shift, kWindow); ++i) {
      if (window_[static_cast<size_t>(i)] != 0) far_[base_ + i] += window_[static_cast<size_t>(i)];
    }
    if (shift < kWindow) {
      std::copy(window_.begin() + shift, window_.end(), window_.begin());
      std::fill(window_.end() - shift, window_.end(), 0);
    } else {
      std::fill(window_.begin(), window_.end(), 0);
    }
    base_ = new_base;
  }

  // The best level emptied: scan down the window, else fall back to the map
  // and move the window down onto its best level.
  void FindNewBest() {
    for (Key i = best_ - base_; i >= 0; --i) {
      if (window_[static_cast<size_t>(i)] != 0) {
        best_ = base_ + i;
        return;
      }
    }
    if (far_.empty()) {
      best_ = kNoKey;
      return;
    }
    best_ = far_.rbegin()->first;
    Recenter(best_);
    // All far levels are <= best_ < base_ + kWindow: pull in those now inside.
    for (auto it = far_.lower_bound(base_); it != far_.end();) {
      window_[Index(it->first)] = it->second;
      it = far_.erase(it);
    }
  }

  std::vector<Qty> window_;
  std::map<Key, Qty> far_;  // levels below the window
  Key base_ = 0;            // key of window_[0]
  Key best_ = kNoKey;
};

}  // namespace orderbook

#endif  // ORDERBOOK_ARRAY_BASED_SIDE_H_
