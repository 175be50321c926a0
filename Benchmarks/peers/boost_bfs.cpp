// Shortest routes by Boost BGL's breadth_first_search, for Benchmarks/compare.sh.
//
//   boost_bfs EDGES QUERIES LENGTHS
//
// EDGES is generate.py's edges.txt ("SCREENS COMMANDS", then "FROM TO" screen numbers),
// QUERIES its queries.txt ("S12 S40" a line). Each query is one breadth-first search
// from FROM on a compressed-sparse-row graph that stops as soon as TO is discovered; it
// is timed alone. Writes each route length (-1 when TO is unreachable) to LENGTHS, one a
// line, and prints the median and 99th percentile per query.
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <queue>
#include <string>
#include <utility>
#include <vector>

using Graph = boost::compressed_sparse_row_graph<boost::directedS>;
using Vertex = boost::graph_traits<Graph>::vertex_descriptor;
using Edge = boost::graph_traits<Graph>::edge_descriptor;

// A FIFO queue that reports itself empty once the search has found its target: BGL's
// loop then ends, which is the early exit (no exception thrown).
struct StoppableQueue {
  std::queue<Vertex> items;
  const bool *stopped;
  using value_type = Vertex;
  void push(Vertex v) { items.push(v); }
  void pop() { items.pop(); }
  Vertex &top() { return items.front(); }
  const Vertex &top() const { return items.front(); }
  bool empty() const { return *stopped || items.empty(); }
  std::size_t size() const { return items.size(); }
};

// Records each discovered vertex's distance; stops at the target.
struct DistanceRecorder : boost::default_bfs_visitor {
  std::vector<int> *distance;
  Vertex target;
  bool *stopped;
  void tree_edge(Edge e, const Graph &g) const {
    Vertex next = boost::target(e, g);
    (*distance)[next] = (*distance)[boost::source(e, g)] + 1;
    if (next == target) *stopped = true;
  }
};

static double percentile(std::vector<double> sorted, int percent) {
  std::sort(sorted.begin(), sorted.end());
  std::size_t index = std::min(sorted.size() - 1, sorted.size() * percent / 100);
  return sorted[index];
}

int main(int argc, char **argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: boost_bfs EDGES QUERIES LENGTHS\n");
    return 2;
  }
  std::ifstream edgeFile(argv[1]);
  std::size_t screens = 0, commands = 0;
  edgeFile >> screens >> commands;
  std::vector<std::pair<std::size_t, std::size_t>> edges(commands);
  for (auto &edge : edges) edgeFile >> edge.first >> edge.second;
  Graph graph(boost::edges_are_unsorted_multi_pass, edges.begin(), edges.end(), screens);

  std::ifstream queryFile(argv[2]);
  std::vector<std::pair<Vertex, Vertex>> queries;
  std::string from, to;
  while (queryFile >> from >> to) {
    queries.emplace_back(std::stoul(from.substr(1)), std::stoul(to.substr(1)));
  }

  std::vector<boost::default_color_type> colors(screens);
  std::vector<int> distance(screens, -1);
  std::vector<double> micros;
  std::vector<int> lengths;
  micros.reserve(queries.size());
  lengths.reserve(queries.size());
  for (auto [start, target] : queries) {
    auto began = std::chrono::steady_clock::now();
    bool stopped = start == target;
    distance[start] = 0;
    distance[target] = start == target ? 0 : -1;
    if (!stopped) {
      StoppableQueue queue{{}, &stopped};
      DistanceRecorder recorder;
      recorder.distance = &distance;
      recorder.target = target;
      recorder.stopped = &stopped;
      boost::breadth_first_search(
          graph, start, queue, recorder,
          boost::make_iterator_property_map(colors.begin(), boost::get(boost::vertex_index, graph)));
    }
    int length = distance[target];
    auto ended = std::chrono::steady_clock::now();
    micros.push_back(std::chrono::duration<double, std::micro>(ended - began).count());
    lengths.push_back(length);
  }
  std::ofstream lengthFile(argv[3]);
  for (int length : lengths) lengthFile << length << '\n';
  std::printf("boost: %zu screens, %zu commands; %zu queries\n", screens, commands, queries.size());
  std::printf("figures: cold_median_us=%.3f cold_p99_us=%.3f\n", percentile(micros, 50),
              percentile(micros, 99));
  return 0;
}
