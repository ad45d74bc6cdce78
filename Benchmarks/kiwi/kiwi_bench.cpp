// kiwi's C++ core (the header-only solver inside kiwisolver's source distribution) on the systems
// StrataSolverBench gives Strata's solver and kiwi_bench.py gives kiwisolver from Python: a grid
// of N boxes in rows of 20, each 40 x 40, 8 points after the previous one in its row, rows 50
// points apart, the first box's left edge weakly at 0. Measured: adding every constraint and
// solving; changing one constant in the middle (remove and re-add a constraint, solve); moving
// the first box by an edit variable, 100 suggestions each followed by reading the solution.
// Medians of 5 rounds, in milliseconds, one line per measurement: "name N milliseconds".
// With --serve, one measurement per request instead, for SolverBenchmarks to time kiwi in the
// same iteration as Strata's solver: each line read, "add|change|edit N ROUND", makes the system
// (and what comes before the measured step) untimed and answers the step's milliseconds on a
// line of its own (a change or an edit is measured on one kept system of N, put back after
// each). Built by build.sh.
#include <kiwi/kiwi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

using namespace kiwi;

struct Grid {
    std::vector<Variable> left, top, width, height;
    std::vector<Constraint> constraints;
    size_t middle = 0;

    explicit Grid(int n) {
        for (int i = 0; i < n; i++) {
            left.emplace_back("l" + std::to_string(i));
            top.emplace_back("t" + std::to_string(i));
            width.emplace_back("w" + std::to_string(i));
            height.emplace_back("h" + std::to_string(i));
        }
        for (int i = 0; i < n; i++) {
            constraints.push_back(width[i] == 40);
            constraints.push_back(height[i] == 40);
            constraints.push_back(top[i] == (i / 20) * 50);
            if (i % 20 == 0) {
                constraints.push_back(i == 0 ? ((left[0] == 0) | strength::weak) : (left[i] == left[i - 20]));
            } else {
                if (i == n / 2 + 1) middle = constraints.size();
                constraints.push_back(left[i] == left[i - 1] + width[i - 1] + 8);
            }
        }
    }
};

template <typename Body> static double milliseconds(Body body) {
    auto start = std::chrono::steady_clock::now();
    body();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

static double median(std::vector<double> xs) {
    std::sort(xs.begin(), xs.end());
    return xs[xs.size() / 2];
}

struct Round {
    double add, change, edit;
};

/// One round on a grid of `n`: every step measured; `round` varies the changed constant.
static Round measureRound(int n, int round) {
    Round r;
    Grid grid(n);
    Solver solver;
    r.add = milliseconds([&] {
        for (auto &c : grid.constraints) solver.addConstraint(c);
        solver.updateVariables();
    });
    int m = n / 2 + 1;
    r.change = milliseconds([&] {
        solver.removeConstraint(grid.constraints[grid.middle]);
        solver.addConstraint(grid.left[m] == grid.left[m - 1] + grid.width[m - 1] + (9 + round));
        solver.updateVariables();
    });
    solver.addEditVariable(grid.left[0], strength::strong);
    r.edit = milliseconds([&] {
        for (int step = 0; step < 100; step++) {
            solver.suggestValue(grid.left[0], step);
            solver.updateVariables();
        }
    });
    if (grid.left[1].value() != 99 + 48) {
        std::fprintf(stderr, "kiwi_bench: the edit did not move the row\n");
        std::exit(1);
    }
    return r;
}

/// A grid of `n` with its constraints added and solved, kept between requests (kiwi takes
/// seconds to add 10,000 boxes' constraints): a change is undone and an edit variable removed
/// after each measurement, untimed, so every request starts from the same system.
struct Kept {
    Grid grid;
    Solver solver;
    explicit Kept(int n) : grid(n) {
        for (auto &c : grid.constraints) solver.addConstraint(c);
        solver.updateVariables();
    }
};

static int serve() {
    char step[16];
    int n, round;
    std::map<int, Kept> kept;
    auto system = [&](int n) -> Kept & { return kept.try_emplace(n, n).first->second; };
    while (std::scanf("%15s %d %d", step, &n, &round) == 3) {
        std::string s = step;
        double value;
        if (s == "add") {
            Grid grid(n);
            Solver solver;
            value = milliseconds([&] {
                for (auto &c : grid.constraints) solver.addConstraint(c);
                solver.updateVariables();
            });
        } else if (s == "change") {
            Kept &k = system(n);
            int m = n / 2 + 1;
            Constraint old = k.grid.constraints[k.grid.middle];
            Constraint changed = k.grid.left[m] == k.grid.left[m - 1] + k.grid.width[m - 1] + (9 + round);
            value = milliseconds([&] {
                k.solver.removeConstraint(old);
                k.solver.addConstraint(changed);
                k.solver.updateVariables();
            });
            k.solver.removeConstraint(changed);
            k.solver.addConstraint(old);
            k.solver.updateVariables();
        } else if (s == "edit") {
            Kept &k = system(n);
            k.solver.addEditVariable(k.grid.left[0], strength::strong);
            value = milliseconds([&] {
                for (int step = 0; step < 100; step++) {
                    k.solver.suggestValue(k.grid.left[0], step);
                    k.solver.updateVariables();
                }
            });
            if (k.grid.left[1].value() != 99 + 48) {
                std::fprintf(stderr, "kiwi_bench: the edit did not move the row\n");
                return 1;
            }
            k.solver.removeEditVariable(k.grid.left[0]);
            k.solver.updateVariables();
        } else {
            std::fprintf(stderr, "kiwi_bench: unknown step '%s' (add, change or edit)\n", step);
            return 2;
        }
        std::printf("%.6f\n", value);
        std::fflush(stdout);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && std::string(argv[1]) == "--serve") return serve();
    for (int n : {1000, 10000}) {
        std::vector<double> add, change, edit;
        for (int round = 0; round < 5; round++) {
            Round r = measureRound(n, round);
            add.push_back(r.add);
            change.push_back(r.change);
            edit.push_back(r.edit);
        }
        std::printf("add %d %g\nchange %d %g\nedit %d %g\n", n, median(add), n, median(change), n, median(edit));
        std::fflush(stdout);
    }
    return 0;
}
