# kiwisolver on the systems StrataSolverBench gives Strata's solver (see that file); same output
# format: "name N milliseconds", medians of 5 rounds.
import time
import kiwisolver as kiwi


def grid(n):
    left = [kiwi.Variable(f"l{i}") for i in range(n)]
    top = [kiwi.Variable(f"t{i}") for i in range(n)]
    width = [kiwi.Variable(f"w{i}") for i in range(n)]
    height = [kiwi.Variable(f"h{i}") for i in range(n)]
    cs = []
    middle = 0
    for i in range(n):
        cs.append(width[i] == 40)
        cs.append(height[i] == 40)
        cs.append(top[i] == (i // 20) * 50)
        if i % 20 == 0:
            cs.append((left[0] == 0) | "weak" if i == 0 else left[i] == left[i - 20])
        else:
            if i == n // 2 + 1:
                middle = len(cs)
            cs.append(left[i] == left[i - 1] + width[i - 1] + 8)
    return left, width, cs, middle


def median(xs):
    return sorted(xs)[len(xs) // 2]


for n in (1000, 10000):
    add, change, edit = [], [], []
    for rnd in range(5):
        left, width, cs, i = grid(n)
        s = kiwi.Solver()
        t = time.perf_counter()
        for c in cs:
            s.addConstraint(c)
        s.updateVariables()
        add.append((time.perf_counter() - t) * 1e3)
        t = time.perf_counter()
        s.removeConstraint(cs[i])
        m = n // 2 + 1
        s.addConstraint(left[m] == left[m - 1] + width[m - 1] + (9 + rnd))
        s.updateVariables()
        change.append((time.perf_counter() - t) * 1e3)
        s.addEditVariable(left[0], "strong")
        t = time.perf_counter()
        for step in range(100):
            s.suggestValue(left[0], step)
            s.updateVariables()
        edit.append((time.perf_counter() - t) * 1e3)
        assert left[1].value() == 99 + 48
    print(f"add {n} {median(add)}")
    print(f"change {n} {median(change)}")
    print(f"edit {n} {median(edit)}")
