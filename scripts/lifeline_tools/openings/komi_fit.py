"""The fair komi from games (docs/openings.md, "The fair komi by play"): a logistic regression
of Black's win on the komi, fitted by maximum likelihood; the komi where Black's fitted chance
crosses one half, with its 95% interval by the profile likelihood; and the fair komi, the
smallest whole komi whose fitted chance is below one half. bracket() reads the komi one by one
instead, assuming only that Black's chance falls with the komi: where a curve fits the games
badly (base 4's chance drops at komi 1 and stays), its bracket is the narrower.

The model: Black wins at komi k with chance 1 / (1 + exp(-slope (k - crossing))). For a fixed
crossing the log-likelihood is concave in the slope, so the profile (its maximum over the
slope) comes from a bisection on the derivative. The interval holds every crossing whose
profile lies within chi-square(1; 0.95) / 2 of the maximum. Far from the games the profile
tends to the constant model's, so the interval is bounded only where the slope is significant
(the likelihood-ratio test at 5%): a flat curve gets no interval, and no number.

Plain Python: the data are a handful of rows (komi, games, Black's wins), and the tools run
where numpy is not installed.
"""

import math
from dataclasses import dataclass, field
from typing import Optional

CHI2_95 = 3.841458820694124  # the 95% quantile of chi-square with one degree of freedom
# The steepest slope considered, in logits a komi point: a step. Where the games separate (Black
# wins every game below some komi, none above) the likelihood grows without end toward it.
MAX_SLOPE = 20.0
BISECTIONS = 60
GRID_STEP = 0.05  # komi points between the crossings scanned for the interval
# The scan reaches this far beyond the komi played, at least, and as far again as their range.
MARGIN = 5

# What the games tell (Fit.status).
DECIDED = "decided"  # an interval within the komi played
OUTSIDE = "outside"  # an interval that leaves the komi played (or 0): more komi below or above
WIDE = "wide"  # an interval wider than the komi played, or unbounded
FLAT = "flat"  # Black's chance does not measurably change with the komi
RISING = "rising"  # Black's chance rises with the komi: something other than komi is at work
TOO_FEW = "too-few"  # games at fewer than two komi
NUMBERED = (DECIDED, OUTSIDE)  # the statuses that give a fair komi


@dataclass(frozen=True)
class Row:
    komi: int
    games: int
    wins: int  # Black's


@dataclass(frozen=True)
class Fit:
    """What the games say. crossing, slope: the maximum-likelihood fit (slope in logits a komi
    point); low, high: the crossing's 95% interval, None where unbounded; deviance: the
    likelihood-ratio statistic of the slope against a constant chance, with its p-value;
    fair, fair_low, fair_high: the fair komi and the whole komi the interval allows (where the
    status is numbered)."""
    status: str
    deviance: float = 0.0
    p_value: float = 1.0
    crossing: Optional[float] = None
    slope: Optional[float] = None
    low: Optional[float] = None
    high: Optional[float] = None
    fair: Optional[int] = None
    fair_low: Optional[int] = None
    fair_high: Optional[int] = None
    chances: dict = field(default_factory=dict)  # komi: the fitted chance

    def chance(self, komi):
        """Black's fitted chance at `komi`."""
        return _sigmoid(self.slope * (komi - self.crossing))


def _sigmoid(z):
    if z >= 0:
        return 1 / (1 + math.exp(-z))
    return math.exp(z) / (1 + math.exp(z))


def _log_sigmoid(z):
    if z >= 0:
        return -math.log1p(math.exp(-z))
    return z - math.log1p(math.exp(z))


def log_likelihood(rows, crossing, slope):
    return sum(row.wins * _log_sigmoid(slope * (row.komi - crossing))
               + (row.games - row.wins) * _log_sigmoid(-slope * (row.komi - crossing))
               for row in rows)


def best_slope(rows, crossing):
    """The slope, within MAX_SLOPE either way, of the largest likelihood at `crossing`."""
    def derivative(slope):
        return sum((row.wins - row.games * _sigmoid(slope * (row.komi - crossing)))
                   * (row.komi - crossing) for row in rows)

    low, high = -MAX_SLOPE, MAX_SLOPE
    if derivative(low) <= 0:
        return low
    if derivative(high) >= 0:
        return high
    for _ in range(BISECTIONS):
        middle = (low + high) / 2
        if derivative(middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def profile(rows, crossing):
    return log_likelihood(rows, crossing, best_slope(rows, crossing))


def constant_log_likelihood(rows):
    """The log-likelihood of one chance at every komi (no slope)."""
    games = sum(row.games for row in rows)
    wins = sum(row.wins for row in rows)
    return sum(count * math.log(share) for count, share in
               ((wins, wins / games), (games - wins, 1 - wins / games)) if count)


def _refine_maximum(rows, low, high):
    """The crossing of the largest profile between low and high (golden section)."""
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(BISECTIONS):
        left, right = high - ratio * (high - low), low + ratio * (high - low)
        if profile(rows, left) < profile(rows, right):
            low = left
        else:
            high = right
    return (low + high) / 2


def _edge(rows, inside, outside, level):
    """The crossing between `inside` (profile at least `level`) and `outside` (below) where
    the profile meets `level`."""
    for _ in range(BISECTIONS // 2):
        middle = (inside + outside) / 2
        if profile(rows, middle) >= level:
            inside = middle
        else:
            outside = middle
    return (inside + outside) / 2


def _whole_komi_below_half(crossing):
    """The smallest whole komi >= 0 beyond `crossing`: where a falling chance is below one
    half."""
    return max(0, math.floor(crossing) + 1)


def fit(rows):
    """The Fit of the rows (Row), those without games left out."""
    rows = [row for row in rows if row.games > 0]
    komis = sorted({row.komi for row in rows})
    if len(komis) < 2:
        return Fit(TOO_FEW)
    played = komis[-1] - komis[0]
    margin = max(MARGIN, played)
    count = round((played + 2 * margin) / GRID_STEP)
    grid = [komis[0] - margin + step * GRID_STEP for step in range(count + 1)]
    values = [profile(rows, crossing) for crossing in grid]
    best = max(range(len(grid)), key=values.__getitem__)
    crossing = _refine_maximum(rows, grid[max(0, best - 1)], grid[min(len(grid) - 1, best + 1)])
    slope = best_slope(rows, crossing)
    maximum = max(log_likelihood(rows, crossing, slope), values[best])
    constant = constant_log_likelihood(rows)
    deviance = max(0.0, 2 * (maximum - constant))
    p_value = math.erfc(math.sqrt(deviance / 2))
    chances = {komi: round(_sigmoid(slope * (komi - crossing)), 4) for komi in komis}
    said = dict(deviance=round(deviance, 3), p_value=p_value, crossing=crossing, slope=slope,
                chances=chances)
    if deviance <= CHI2_95:
        return Fit(FLAT, **said)
    if slope > 0:
        return Fit(RISING, **said)
    level = maximum - CHI2_95 / 2
    inside = [index for index, value in enumerate(values) if value >= level]
    first, last = inside[0], inside[-1]
    low = None if first == 0 else _edge(rows, grid[first], grid[first - 1], level)
    high = None if last == len(grid) - 1 else _edge(rows, grid[last], grid[last + 1], level)
    said |= dict(low=low, high=high)
    if low is None or high is None or high - low > played:
        return Fit(WIDE, **said)
    # No komi lies below 0: an interval that reaches below komi 0, played, leaves nothing out.
    below = low < komis[0] and komis[0] > 0
    status = OUTSIDE if below or high > komis[-1] else DECIDED
    return Fit(status, fair=_whole_komi_below_half(crossing),
               fair_low=_whole_komi_below_half(low), fair_high=_whole_komi_below_half(high),
               **said)


def bracket(rows, interval):
    """The whole komi the fair komi may be by each komi's own games, with no curve: Black's
    chance falls as the komi grows, so the fair komi lies above every komi whose games put
    Black's chance above one half and at or below every komi whose games put it below (by
    `interval`(wins, games), a 95% interval). (low, high), high None where no komi lies
    clearly below; None where the komi contradict that (one above lies beyond one below)."""
    above = [row.komi for row in rows if row.games and interval(row.wins, row.games)[0] > 0.5]
    below = [row.komi for row in rows if row.games and interval(row.wins, row.games)[1] < 0.5]
    low = max(above) + 1 if above else 0
    high = min(below) if below else None
    if high is not None and high < low:
        return None
    return low, high
