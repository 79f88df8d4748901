"""The solver wing: the exact double-dummy search and what is built on it.

What lives here: the search (`search`) over the double-dummy game
(`ddgame`), [`solve`][belote.solver.solution.solve] and its
[`Solution`][belote.solver.solution.Solution] (`solution`), the par of a deal
(`par`), the par of the bidding (`bidpar`) and the analysis of a record
(`analyze`).

What it may import: records, the engine and everything below; never the
agents, experiments or anything above.
"""

from belote.solver.solution import Solution, attack_reaches, makes_contract, solve

__all__ = ["Solution", "attack_reaches", "makes_contract", "solve"]
