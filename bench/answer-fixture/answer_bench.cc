// benchgate's answer fixture (npm run bench:answer): 69 Google Benchmark benchmarks of realistic
// duration (tens of µs to about a millisecond per iteration). ANSWER_HEAD=0 builds the base, 1 the
// head. The head plants:
//   - +8% work in BM_Checksum/16384 and BM_Polynomial/4096 (their loops run 8% longer);
//   - -20% work in BM_SortInts/8192 (it sorts 20% fewer elements);
//   - layout only in the BM_Layout* benchmarks: the same instructions, moved to other addresses
//     (padding that never runs is placed before them);
// every other benchmark is the same code at both sides.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <numeric>
#include <string>
#include <unordered_map>
#include <vector>

#ifndef ANSWER_HEAD
#define ANSWER_HEAD 0
#endif

namespace {

// Planted: the head's loops run 8% longer in two benchmarks, 20% shorter in one.
constexpr bool kHead = ANSWER_HEAD != 0;
int64_t Planted(int64_t n, int64_t name_arg, int64_t target_arg, double factor) {
  return kHead && name_arg == target_arg ? static_cast<int64_t>(static_cast<double>(n) * factor) : n;
}

uint32_t Mix(uint32_t x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  return x ^ (x >> 16);
}

void BM_Checksum(benchmark::State& s) {
  const int64_t n = Planted(s.range(0), s.range(0), 16384, 1.08);
  std::vector<uint8_t> data(static_cast<size_t>(n));
  for (size_t i = 0; i < data.size(); ++i) data[i] = static_cast<uint8_t>(Mix(static_cast<uint32_t>(i)));
  for (auto _ : s) {
    uint32_t a = 1, b = 0;
    for (uint8_t v : data) {
      a = (a + v) % 65521U;
      b = (b + a) % 65521U;
    }
    benchmark::DoNotOptimize(a ^ (b << 16));
  }
}
BENCHMARK(BM_Checksum)->Arg(4096)->Arg(16384)->Arg(65536);

void BM_Polynomial(benchmark::State& s) {
  const int64_t n = Planted(s.range(0), s.range(0), 4096, 1.08);
  std::vector<double> xs(static_cast<size_t>(n));
  for (size_t i = 0; i < xs.size(); ++i) xs[i] = 1.0 / static_cast<double>(i + 3);
  for (auto _ : s) {
    double acc = 0;
    for (double x : xs) acc += ((((0.3 * x + 0.2) * x - 1.1) * x + 0.7) * x - 0.05) * x + 1.0;
    benchmark::DoNotOptimize(acc);
  }
}
BENCHMARK(BM_Polynomial)->Arg(4096)->Arg(16384)->Arg(65536);

void BM_SortInts(benchmark::State& s) {
  const int64_t n = Planted(s.range(0), s.range(0), 8192, 0.8);
  std::vector<int> source(static_cast<size_t>(n));
  for (size_t i = 0; i < source.size(); ++i) source[i] = static_cast<int>(Mix(static_cast<uint32_t>(i)));
  std::vector<int> v;
  for (auto _ : s) {
    v = source;
    std::sort(v.begin(), v.end());
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_SortInts)->Arg(2048)->Arg(8192)->Arg(32768);

void BM_StableSort(benchmark::State& s) {
  std::vector<uint64_t> source(static_cast<size_t>(s.range(0)));
  for (size_t i = 0; i < source.size(); ++i) source[i] = Mix(static_cast<uint32_t>(i)) % 1000;
  std::vector<uint64_t> v;
  for (auto _ : s) {
    v = source;
    std::stable_sort(v.begin(), v.end());
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_StableSort)->Arg(2048)->Arg(8192)->Arg(32768);

void BM_MapInsert(benchmark::State& s) {
  for (auto _ : s) {
    std::map<uint32_t, uint32_t> m;
    for (int64_t i = 0; i < s.range(0); ++i) m[Mix(static_cast<uint32_t>(i))] = static_cast<uint32_t>(i);
    benchmark::DoNotOptimize(m.size());
  }
}
BENCHMARK(BM_MapInsert)->Arg(512)->Arg(2048)->Arg(8192);

void BM_MapLookup(benchmark::State& s) {
  std::map<uint32_t, uint32_t> m;
  for (int64_t i = 0; i < s.range(0); ++i) m[Mix(static_cast<uint32_t>(i))] = static_cast<uint32_t>(i);
  for (auto _ : s) {
    uint64_t hits = 0;
    for (int64_t i = 0; i < s.range(0); ++i) hits += m.count(Mix(static_cast<uint32_t>(i * 2)));
    benchmark::DoNotOptimize(hits);
  }
}
BENCHMARK(BM_MapLookup)->Arg(512)->Arg(2048)->Arg(8192);

void BM_HashInsert(benchmark::State& s) {
  for (auto _ : s) {
    std::unordered_map<uint32_t, uint32_t> m;
    for (int64_t i = 0; i < s.range(0); ++i) m[Mix(static_cast<uint32_t>(i))] = static_cast<uint32_t>(i);
    benchmark::DoNotOptimize(m.size());
  }
}
BENCHMARK(BM_HashInsert)->Arg(1024)->Arg(4096)->Arg(16384);

void BM_HashLookup(benchmark::State& s) {
  std::unordered_map<uint32_t, uint32_t> m;
  for (int64_t i = 0; i < s.range(0); ++i) m[Mix(static_cast<uint32_t>(i))] = static_cast<uint32_t>(i);
  for (auto _ : s) {
    uint64_t hits = 0;
    for (int64_t i = 0; i < s.range(0); ++i) hits += m.count(Mix(static_cast<uint32_t>(i * 3)));
    benchmark::DoNotOptimize(hits);
  }
}
BENCHMARK(BM_HashLookup)->Arg(1024)->Arg(4096)->Arg(16384);

void BM_StringConcat(benchmark::State& s) {
  for (auto _ : s) {
    std::string out;
    for (int64_t i = 0; i < s.range(0); ++i) out += std::to_string(i);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_StringConcat)->Arg(512)->Arg(2048)->Arg(8192);

void BM_StringFind(benchmark::State& s) {
  std::string hay(static_cast<size_t>(s.range(0)), 'a');
  for (size_t i = 0; i < hay.size(); i += 7) hay[i] = static_cast<char>('a' + Mix(static_cast<uint32_t>(i)) % 20);
  const std::string needle = "zzzq";
  for (auto _ : s) benchmark::DoNotOptimize(hay.find(needle));
}
BENCHMARK(BM_StringFind)->Arg(1048576)->Arg(2097152)->Arg(4194304);

void BM_MatMul(benchmark::State& s) {
  const size_t n = static_cast<size_t>(s.range(0));
  std::vector<double> a(n * n, 1.5), b(n * n, 0.5), c(n * n);
  for (auto _ : s) {
    for (size_t i = 0; i < n; ++i)
      for (size_t k = 0; k < n; ++k) {
        const double aik = a[i * n + k];
        for (size_t j = 0; j < n; ++j) c[i * n + j] += aik * b[k * n + j];
      }
    benchmark::DoNotOptimize(c.data());
  }
}
BENCHMARK(BM_MatMul)->Arg(32)->Arg(48)->Arg(64);

void BM_PrefixSum(benchmark::State& s) {
  std::vector<int64_t> v(static_cast<size_t>(s.range(0)), 3), out(v.size());
  for (auto _ : s) {
    std::partial_sum(v.begin(), v.end(), out.begin());
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_PrefixSum)->Arg(16384)->Arg(65536)->Arg(262144);

void BM_BinarySearch(benchmark::State& s) {
  std::vector<uint32_t> v(static_cast<size_t>(s.range(0)));
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<uint32_t>(i * 3);
  for (auto _ : s) {
    uint64_t found = 0;
    for (uint32_t q = 0; q < 4096; ++q)
      found += std::binary_search(v.begin(), v.end(), Mix(q) % (3 * v.size()));
    benchmark::DoNotOptimize(found);
  }
}
BENCHMARK(BM_BinarySearch)->Arg(4096)->Arg(65536)->Arg(1048576);

void BM_Histogram(benchmark::State& s) {
  std::vector<uint32_t> v(static_cast<size_t>(s.range(0)));
  for (size_t i = 0; i < v.size(); ++i) v[i] = Mix(static_cast<uint32_t>(i));
  std::vector<uint32_t> bins(256);
  for (auto _ : s) {
    std::fill(bins.begin(), bins.end(), 0U);
    for (uint32_t x : v) ++bins[x & 255U];
    benchmark::DoNotOptimize(bins.data());
  }
}
BENCHMARK(BM_Histogram)->Arg(16384)->Arg(65536)->Arg(262144);

void BM_Reverse(benchmark::State& s) {
  std::vector<uint16_t> v(static_cast<size_t>(s.range(0)), 7);
  for (auto _ : s) {
    std::reverse(v.begin(), v.end());
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_Reverse)->Arg(65536)->Arg(262144)->Arg(1048576);

void BM_Transpose(benchmark::State& s) {
  const size_t n = static_cast<size_t>(s.range(0));
  std::vector<float> a(n * n, 2.0F), t(n * n);
  for (auto _ : s) {
    for (size_t i = 0; i < n; ++i)
      for (size_t j = 0; j < n; ++j) t[j * n + i] = a[i * n + j];
    benchmark::DoNotOptimize(t.data());
  }
}
BENCHMARK(BM_Transpose)->Arg(128)->Arg(256)->Arg(512);

void BM_Fibonacci(benchmark::State& s) {
  for (auto _ : s) {
    uint64_t a = 0, b = 1;
    for (int64_t i = 0; i < s.range(0); ++i) {
      const uint64_t t = a + b;
      a = b;
      b = t ^ static_cast<uint64_t>(i);
    }
    benchmark::DoNotOptimize(b);
  }
}
BENCHMARK(BM_Fibonacci)->Arg(32768)->Arg(131072)->Arg(524288);

void BM_Utf8Count(benchmark::State& s) {
  std::string text;
  while (text.size() < static_cast<size_t>(s.range(0))) text += "gr\xc3\xbc\xc3\x9f dich, \xe2\x82\xac 12 ";
  for (auto _ : s) {
    size_t chars = 0;
    for (char c : text) chars += (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;
    benchmark::DoNotOptimize(chars);
  }
}
BENCHMARK(BM_Utf8Count)->Arg(65536)->Arg(262144)->Arg(1048576);

void BM_Memcpy(benchmark::State& s) {
  std::vector<char> from(static_cast<size_t>(s.range(0)), 'x'), to(from.size());
  for (auto _ : s) {
    std::memcpy(to.data(), from.data(), from.size());
    benchmark::DoNotOptimize(to.data());
  }
}
BENCHMARK(BM_Memcpy)->Arg(262144)->Arg(1048576)->Arg(4194304);

void BM_Gcd(benchmark::State& s) {
  for (auto _ : s) {
    uint64_t total = 0;
    for (uint32_t i = 1; i <= static_cast<uint32_t>(s.range(0)); ++i) total += std::gcd(Mix(i), i * 7919U);
    benchmark::DoNotOptimize(total);
  }
}
BENCHMARK(BM_Gcd)->Arg(1024)->Arg(4096)->Arg(16384);

void BM_Popcount(benchmark::State& s) {
  std::vector<uint64_t> v(static_cast<size_t>(s.range(0)));
  for (size_t i = 0; i < v.size(); ++i) v[i] = (uint64_t{Mix(static_cast<uint32_t>(i))} << 32) | Mix(static_cast<uint32_t>(i + 1));
  for (auto _ : s) {
    uint64_t bits = 0;
    for (uint64_t x : v) bits += static_cast<uint64_t>(__builtin_popcountll(x));
    benchmark::DoNotOptimize(bits);
  }
}
BENCHMARK(BM_Popcount)->Arg(16384)->Arg(65536)->Arg(262144);

void BM_Dedup(benchmark::State& s) {
  std::vector<uint32_t> source(static_cast<size_t>(s.range(0)));
  for (size_t i = 0; i < source.size(); ++i) source[i] = Mix(static_cast<uint32_t>(i)) % 64;
  std::sort(source.begin(), source.end());
  std::vector<uint32_t> v;
  for (auto _ : s) {
    v = source;
    v.erase(std::unique(v.begin(), v.end()), v.end());
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_Dedup)->Arg(16384)->Arg(65536)->Arg(262144);

}  // namespace

// The layout-sensitive benchmarks: the same instructions at both sides; the head places never-run
// padding in front of their hot loops, so the code sits at other addresses (other cache lines and
// fetch windows). Their counts stay flat; any timing change is the layout's.
#if ANSWER_HEAD
asm(".text\n.skip 37, 0xcc\n");
#endif

namespace {

__attribute__((noinline)) uint64_t LayoutLoop(const uint32_t* v, size_t n) {
  uint64_t acc = 0;
  for (size_t i = 0; i < n; ++i) acc += (v[i] * 2654435761U) >> 7;
  return acc;
}

__attribute__((noinline)) uint64_t LayoutBranchy(const uint32_t* v, size_t n) {
  uint64_t acc = 0;
  for (size_t i = 0; i < n; ++i) acc += (v[i] & 1U) != 0U ? v[i] >> 3 : v[i] * 3U;
  return acc;
}

__attribute__((noinline)) uint64_t LayoutCalls(const uint32_t* v, size_t n) {
  uint64_t acc = 0;
  for (size_t i = 0; i < n; ++i) acc += Mix(v[i]) & 0xFFFFU;
  return acc;
}

template <uint64_t (*Loop)(const uint32_t*, size_t)>
void BM_Layout(benchmark::State& s) {
  std::vector<uint32_t> v(static_cast<size_t>(s.range(0)));
  for (size_t i = 0; i < v.size(); ++i) v[i] = Mix(static_cast<uint32_t>(i));
  for (auto _ : s) benchmark::DoNotOptimize(Loop(v.data(), v.size()));
}

}  // namespace

BENCHMARK(BM_Layout<LayoutLoop>)->Name("BM_LayoutLoop")->Arg(65536);
BENCHMARK(BM_Layout<LayoutBranchy>)->Name("BM_LayoutBranchy")->Arg(65536);
BENCHMARK(BM_Layout<LayoutCalls>)->Name("BM_LayoutCalls")->Arg(65536);
