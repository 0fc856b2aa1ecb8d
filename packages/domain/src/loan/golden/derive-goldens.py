#!/usr/bin/env python3
"""Independent derivation of the loan engine's golden figures.

Written separately from the TypeScript engine (no shared code, different arithmetic):
  * money: Python's decimal.Decimal at 60 significant digits, ROUND_HALF_UP to the cent;
  * dates: the standard library's datetime/calendar modules;
  * APR: Regulation Z Appendix J general equation, unit periods counted with datetime,
    solved by plain bisection in Decimal (not Newton, not floats).

Run:  python3 packages/domain/src/loan/golden/derive-goldens.py
It prints every figure the golden tests assert; the tests copy these printed values. With --json it
also writes schedules.json: every row of every golden schedule, which the schedule test checks period by period.
"""
import calendar
import datetime as dt
from decimal import Decimal as D, getcontext, ROUND_HALF_UP

getcontext().prec = 60
CENT = D("0.01")


def r2(x):
    return x.quantize(CENT, rounding=ROUND_HALF_UP)


def d(s):
    return dt.date.fromisoformat(s)


PPY = {"weekly": 52, "biweekly": 26, "semimonthly": 24, "monthly": 12}


def clamp(y, m, day):
    while m > 12:
        y, m = y + 1, m - 12
    while m < 1:
        y, m = y - 1, m + 12
    return dt.date(y, m, min(day, calendar.monthrange(y, m)[1]))


def due_dates(freq, first, n):
    out = []
    if freq in ("weekly", "biweekly"):
        step = 7 if freq == "weekly" else 14
        return [first + dt.timedelta(days=step * k) for k in range(n)]
    if freq == "monthly":
        return [clamp(first.year, first.month + k, first.day) for k in range(n)]
    # semimonthly
    dd = first.day
    if dd <= 15:
        for k in range(n):
            out.append(clamp(first.year, first.month + k // 2, dd if k % 2 == 0 else dd + 15))
    else:
        for k in range(n):
            if k % 2 == 0:
                out.append(clamp(first.year, first.month + k // 2, dd))
            else:
                out.append(clamp(first.year, first.month + (k + 1) // 2, dd - 15))
    return out


def schedule(amount, fee, financed, rate_pct, freq, n, disb, first):
    L = amount + fee if financed else amount
    af = amount if financed else amount - fee
    r = D(rate_pct) / D(100) / D(PPY[freq])
    if r == 0:
        pay = r2(L / n)
    else:
        pay = r2(L * r / (1 - (1 + r) ** (-n)))
    rows = []
    bal = L
    dates = due_dates(freq, first, n)
    for k in range(1, n + 1):
        i = r2(bal * r)
        if k == n or bal + i <= pay:
            p = bal
        else:
            p = pay - i
        bal -= p
        rows.append((k, dates[k - 1], p + i, i, p, bal))
        if bal == 0:
            break
    return L, af, pay, rows


# ---------------------------------------------------------------- Appendix J
def months_back(start, later, anchor, k):
    return clamp(later.year, later.month - k, anchor)


def full_months(start, later, anchor):
    k = (later.year - start.year) * 12 + later.month - start.month
    while k > 0 and months_back(start, later, anchor, k) < start:
        k -= 1
    if k < 0:
        k = 0
    return k, (months_back(start, later, anchor, k) - start).days


def unit_tf(unit, start, date, anchor):
    kind, size = unit
    if kind == "days":
        days = (date - start).days
        return days // size, D(days % size) / D(size)
    if kind == "weeks":
        days = (date - start).days
        return days // (7 * size), D(days % (7 * size)) / D(7 * size)
    m, rem = full_months(start, date, anchor)
    if kind == "month":
        return m, D(rem) / D(30)
    if kind == "semimonth":
        total = 30 * m + rem
        return total // 15, D(total % 15) / D(15)
    if kind == "months":
        total = 30 * m + rem
        return total // (30 * size), D(total % (30 * size)) / D(30 * size)
    if kind == "year":
        y = m // 12
        left = m - 12 * y
        back = months_back(start, date, anchor, 12 * y)
        if clamp(back.year, back.month - left, anchor) == start:
            return y, D(left) / D(12)
        return y, D((back - start).days) / D(365)
    raise ValueError(kind)


def per_year(unit):
    kind, size = unit
    return {"days": D(365) / D(size), "weeks": D(52) / D(size), "month": D(12),
            "semimonth": D(24), "months": D(12) / D(size), "year": D(1)}[kind]


def apr(amount_financed, advance, payments, unit):
    """payments: list of (date, Decimal amount). Returns APR percent (Decimal)."""
    maxday = max(p[0].day for p in payments)
    flows = []
    for date, amt in payments:
        last = date.day == calendar.monthrange(date.year, date.month)[1]
        anchor = max(maxday, date.day) if last else date.day
        t, f = unit_tf(unit, advance, date, anchor)
        flows.append((t, f, amt))

    def g(i):
        s = D(0)
        for t, f, amt in flows:
            s += amt / ((1 + f * i) * (1 + i) ** t)
        return s - amount_financed

    lo, hi = D("-0.5"), D("10")
    for _ in range(200):
        mid = (lo + hi) / 2
        if g(mid) > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2 * per_year(unit) * 100


def appendix_j():
    ex = []
    def series(first_date_fn, count, amt):
        return [(first_date_fn(k), D(amt)) for k in range(count)]
    M = lambda y, m, day: (lambda k: clamp(y, m + k, day))
    W = lambda start, days: (lambda k: start + dt.timedelta(days=days * k))
    ex.append(("c1i", D(5000), d("1978-01-10"), series(M(1978, 2, 10), 24, "230"), ("month", 1), "9.69"))
    ex.append(("c1ii", D(6000), d("1978-02-10"), series(M(1978, 4, 1), 36, "200"), ("month", 1), "11.82"))
    semi = []
    for k in range(24):
        semi.append((clamp(1978, 3 + k // 2, 1 if k % 2 == 0 else 16), D("219.17")))
    ex.append(("c1iii", D(5000), d("1978-02-23"), semi, ("semimonth", 1), "10.34"))
    ex.append(("c1iv", D(10000), d("1978-05-23"), [(clamp(1978, 10 + 3 * k, 1), D(385)) for k in range(40)], ("months", 3), "8.97"))
    ex.append(("c1v", D(500), d("1978-03-20"), series(W(d("1978-04-21"), 7), 30, "17.60"), ("weeks", 1), "14.96"))
    ex.append(("c2i", D(5000), d("1978-01-10"), [(d("1978-02-10"), D(250))] + series(M(1978, 3, 10), 23, "230"), ("month", 1), "10.08"))
    ex.append(("c2ii", D(400), d("1978-03-18"), [(d("1978-04-20"), D("39.50"))] + series(W(d("1978-05-18"), 28), 11, "38.31"), ("weeks", 4), "28.50"))
    ex.append(("c3i", D(5000), d("1978-01-10"), series(M(1978, 2, 10), 23, "230") + [(clamp(1978, 2 + 23, 10), D(280))], ("month", 1), "10.50"))
    ex.append(("c3ii", D(200), d("1978-04-03"), series(W(d("1978-04-11"), 14), 19, "9.50") + [(d("1978-04-11") + dt.timedelta(days=14 * 19), D(30))], ("weeks", 2), "12.22"))
    ex.append(("c4i", D(5000), d("1978-01-10"), [(d("1978-02-10"), D(250))] + series(M(1978, 3, 10), 22, "230") + [(clamp(1978, 3 + 22, 10), D(280))], ("month", 1), "10.90"))
    ex.append(("c4ii", D(8000), d("1978-01-10"), [(d("1978-03-01"), D("449.36"))] + [(clamp(1978, 5 + 2 * k, 1), D(465)) for k in range(18)] + [(clamp(1978, 5 + 36, 1), D(200))], ("months", 2), "7.30"))
    ex.append(("c5i", D(1000), d("1978-01-03"), [(d("1978-09-15"), D(1080))], ("days", 255), "11.45"))
    for name, a, adv, pays, unit, published in ex:
        got = apr(a, adv, pays, unit)
        print(f"appendix-j {name}: {got:.4f} published {published} diff {abs(got - D(published)):.4f} last {pays[-1][0]}")


def show_schedule(name, *args):
    L, af, pay, rows = schedule(*args)
    tot_i = sum(r[3] for r in rows)
    fee = args[1]
    fc = tot_i + fee
    top = sum(r[2] for r in rows)
    freq, advance = args[4], args[6]
    unit = {"weekly": ("weeks", 1), "biweekly": ("weeks", 2), "semimonthly": ("semimonth", 1), "monthly": ("month", 1)}[freq]
    a = apr(af, advance, [(r[1], r[2]) for r in rows], unit)
    print(f"== {name}: note={L} af={af} pay={pay} final={rows[-1][2]} rows={len(rows)} interest={tot_i} fc={fc} top={top} apr={a:.4f}")
    for r in rows[:3] + rows[-2:]:
        print("   ", r[0], r[1], r[2], r[3], r[4], r[5])


GOLDEN = [
    # name, amount, fee, financed, rate, freq, n, disbursement, first payment
    ("weekly-260-fee-financed", D(5000), D(250), True, "24.99", "weekly", 260, d("2025-01-03"), d("2025-01-10")),
    ("weekly-odd-fee-not-financed", D(800), D(40), False, "35.99", "weekly", 26, d("2025-02-05"), d("2025-02-14")),
    ("biweekly-no-fee-odd", D(1200), D(0), True, "19.99", "biweekly", 26, d("2025-03-01"), d("2025-03-14")),
    ("biweekly-fee-financed", D(2500), D(75), True, "29.5", "biweekly", 52, d("2025-06-02"), d("2025-06-13")),
    ("semimonthly-month-end-fee-not-financed", D(2000), D(100), False, "29.9", "semimonthly", 24, d("2025-01-20"), d("2025-01-31")),
    ("semimonthly-15th-no-fee", D(1500), D(0), True, "35.99", "semimonthly", 12, d("2025-02-03"), d("2025-02-15")),
    ("monthly-month-end-leap-fee-financed", D(3000), D(90), True, "15.5", "monthly", 12, d("2024-01-15"), d("2024-01-31")),
    ("monthly-long-first-period", D(5000), D(0), True, "12", "monthly", 24, d("2025-01-10"), d("2025-03-01")),
    ("zero-rate-monthly", D(1000), D(0), True, "0", "monthly", 7, d("2025-01-01"), d("2025-02-01")),
    ("zero-rate-weekly-fee-not-financed", D(500), D(25), False, "0", "weekly", 10, d("2025-01-01"), d("2025-01-08")),
]


def payoff_on_time(name, k, as_of, missed_after=None):
    """Payments of rows 1..k made on their due dates; nothing after. Payoff on as_of."""
    g = [x for x in GOLDEN if x[0] == name][0]
    L, af, pay, rows = schedule(*g[1:])
    bal = rows[k - 1][5] if k > 0 else L
    past = [r for r in rows[k:] if r[1] <= as_of]
    interest = sum(r[3] for r in past)
    start = past[-1][1] if past else (rows[k - 1][1] if k > 0 else g[7])
    cur = rows[k + len(past)]
    days = (cur[1] - start).days
    el = (as_of - start).days
    earned = r2(cur[3] * el / days)
    per_diem = r2(cur[3] / days)
    print(f"payoff {name} k={k} as_of={as_of}: payoff={bal + interest + earned} principal={bal} interest={interest + earned} per_diem={per_diem}")


def write_schedules_json(path):
    """Every row of every golden schedule, in cents, for the test that checks each period."""
    import json
    out = {}
    for g in GOLDEN:
        _, _, _, rows = schedule(*g[1:])
        out[g[0]] = [[r[0], r[1].isoformat(), int(r[2] * 100), int(r[3] * 100), int(r[4] * 100), int(r[5] * 100)] for r in rows]
    with open(path, "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    import os
    import sys
    if "--json" in sys.argv:
        write_schedules_json(os.path.join(os.path.dirname(os.path.abspath(__file__)), "schedules.json"))
    appendix_j()
    for g in GOLDEN:
        show_schedule(*g)
    payoff_on_time("monthly-month-end-leap-fee-financed", 3, d("2024-05-10"))
    payoff_on_time("monthly-month-end-leap-fee-financed", 2, d("2024-06-07"))
    payoff_on_time("weekly-260-fee-financed", 0, d("2025-01-07"))
