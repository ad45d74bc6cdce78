// kiwi's C++ core (the header-only solver inside kiwisolver's source distribution) on the systems
// StrataSolverBench gives Strata's solver and kiwi_bench.py gives kiwisolver from Python: a grid
// of N boxes in rows of 20, each 40 x 40, 8 points after the previous one in its row, rows 50
// points apart, the first box's left edge weakly at 0. Measured: adding every constraint and
// solving; changing one constant in the middle (remove and re-add a constraint, solve); moving
// the first box by an edit variable, 100 suggestions each followed by reading the solution.
// Medians of 5 rounds, in milliseconds, one line per measurement: "name N milliseconds".
// Built and run by solver-vs-kiwi.sh.
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

int main() {
    for (int n : {1000, 10000}) {
        std::vector<double> add, change, edit;
        for (int round = 0; round < 5; round++) {
            Grid grid(n);
            Solver solver;
            add.push_back(milliseconds([&] {
                for (auto &c : grid.constraints) solver.addConstraint(c);
                solver.updateVariables();
            }));
            int m = n / 2 + 1;
            change.push_back(milliseconds([&] {
                solver.removeConstraint(grid.constraints[grid.middle]);
                solver.addConstraint(grid.left[m] == grid.left[m - 1] + grid.width[m - 1] + (9 + round));
                solver.updateVariables();
            }));
            solver.addEditVariable(grid.left[0], strength::strong);
            edit.push_back(milliseconds([&] {
                for (int step = 0; step < 100; step++) {
                    solver.suggestValue(grid.left[0], step);
                    solver.updateVariables();
                }
            }));
            if (grid.left[1].value() != 99 + 48) {
                std::fprintf(stderr, "kiwi_bench: the edit did not move the row\n");
                return 1;
            }
        }
        std::printf("add %d %g\nchange %d %g\nedit %d %g\n", n, median(add), n, median(change), n, median(edit));
        std::fflush(stdout);
    }
    return 0;
}
