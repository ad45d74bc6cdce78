// kiwi's C++ core (the header-only solver inside kiwisolver's source distribution) on the systems
// StrataSolverBench gives Strata's solver and kiwi_bench.py gives kiwisolver from Python: a grid
// of N boxes in rows of 20, each 40 x 40, 8 points after the previous one in its row, rows 50
// points apart, the first box's left edge weakly at 0. Measured: adding every constraint and
// solving; changing one constant in the middle (remove and re-add a constraint, solve); moving
// the first box by an edit variable, 100 suggestions each followed by reading the solution.
// Medians of 5 rounds, in milliseconds, one line per measurement: "name N milliseconds".
// With --serve, one measurement per request instead, for SolverBenchmarks to time kiwi in the
// same iteration as Strata's solver: each line read, "add|change|edit N ROUND", builds the grid
// (and what comes before the measured step) untimed and answers the step's milliseconds on a
// line of its own. Built by build.sh.
#include <kiwi/kiwi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
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

static int serve() {
    char step[16];
    int n, round;
    while (std::scanf("%15s %d %d", step, &n, &round) == 3) {
        Round r = measureRound(n, round);
        std::string s = step;
        double value = s == "add" ? r.add : s == "change" ? r.change : s == "edit" ? r.edit : -1;
        if (value < 0) {
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
