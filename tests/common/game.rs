//! The grid game searched directly, knowing nothing of matchings: a state
//! is the token's position and the set of visited cells (blocked cells
//! count as visited); the player to move wins if some move leads to a state
//! where the other player, now to move, loses. Moves only add to the
//! visited set, so filling a table in decreasing order of the set's bit
//! mask sees every successor before the state itself: no recursion.

/// `table[mask * n + pos]`: does the player to move, with the token on
/// `pos` and the vertices in `mask` visited (`pos` among them), win?
/// `neighbors[pos]` is the bit mask of `pos`'s neighbours (n ≤ 20 or so:
/// the table has n · 2^n entries).
pub fn mover_wins_table(neighbors: &[u32]) -> Vec<bool> {
    let n = neighbors.len();
    let mut table = vec![false; n << n];
    for mask in (0..1u32 << n).rev() {
        for pos in 0..n {
            if mask & (1 << pos) == 0 {
                continue;
            }
            let mut moves = neighbors[pos] & !mask;
            let mut wins = false;
            while moves != 0 {
                let next = moves.trailing_zeros() as usize;
                moves &= moves - 1;
                if !table[(mask | 1 << next) as usize * n + next] {
                    wins = true;
                    break;
                }
            }
            table[mask as usize * n + pos] = wins;
        }
    }
    table
}

/// The four orthogonal steps of the classic game.
pub const ORTHOGONAL: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// Neighbour masks of the cells of a `rows` × `cols` board (bit
/// `row * cols + col`), a cell's neighbours being the cells one of `steps`
/// away.
pub fn board_neighbors(rows: usize, cols: usize, steps: &[(isize, isize)]) -> Vec<u32> {
    let mut neighbors = vec![0u32; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            for &(dr, dc) in steps {
                let (rr, cc) = (r as isize + dr, c as isize + dc);
                if (0..rows as isize).contains(&rr) && (0..cols as isize).contains(&cc) {
                    neighbors[r * cols + c] |= 1 << (rr as usize * cols + cc as usize);
                }
            }
        }
    }
    neighbors
}
