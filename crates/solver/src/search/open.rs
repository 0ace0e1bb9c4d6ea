//! The open list: the positions waiting to be expanded, lowest key first.
//!
//! A key is a bucket (score and bound) above a node index, and a search
//! stores nodes in the order it numbers them, so within a bucket the
//! oldest node is the lowest key. A queue per bucket then keeps the same
//! order as one heap of keys, but a pop touches the front of one queue
//! instead of walking a heap of millions of keys down through memory the
//! cache no longer holds.

use std::collections::{BTreeMap, VecDeque};

/// Emptied queues kept for new buckets: best-first search empties the
/// lowest bucket and opens another one at almost every expansion.
const SPARE_QUEUES: usize = 64;

#[derive(Default)]
pub struct Open {
    buckets: BTreeMap<u32, VecDeque<u32>>,
    spare: Vec<VecDeque<u32>>,
    /// Node indices the queues have room for, spare ones included.
    room: usize,
}

impl Open {
    /// Queues `key`, whose node index (its low half) is above every node
    /// index queued so far under the same bucket (its high half).
    pub fn push(&mut self, key: u64) {
        let (bucket, index) = split(key);
        let queue = self.buckets.entry(bucket).or_insert_with(|| {
            // A spare queue's room is counted already.
            self.spare.pop().unwrap_or_default()
        });
        debug_assert!(queue.back().is_none_or(|&last| last < index));
        let before = queue.capacity();
        queue.push_back(index);
        self.room += queue.capacity() - before;
    }

    /// Takes the lowest key.
    pub fn pop(&mut self) -> Option<u64> {
        let mut first = self.buckets.first_entry()?;
        let bucket = *first.key();
        let queue = first.get_mut();
        let index = queue.pop_front()?;
        if queue.is_empty() {
            let queue = first.remove();
            if self.spare.len() < SPARE_QUEUES {
                self.spare.push(queue);
            } else {
                self.room -= queue.capacity();
            }
        }
        Some(join(bucket, index))
    }

    /// The lowest key, left queued.
    pub fn peek(&self) -> Option<u64> {
        let (&bucket, queue) = self.buckets.first_key_value()?;
        queue.front().map(|&index| join(bucket, index))
    }

    /// Bytes the queues and their buckets hold.
    pub fn bytes(&self) -> usize {
        const PER_BUCKET: usize = size_of::<u32>() + size_of::<VecDeque<u32>>();
        self.room * size_of::<u32>() + (self.buckets.len() + self.spare.len()) * PER_BUCKET
    }
}

fn split(key: u64) -> (u32, u32) {
    ((key >> 32) as u32, key as u32)
}

fn join(bucket: u32, index: u32) -> u64 {
    (u64::from(bucket) << 32) | u64::from(index)
}

#[cfg(test)]
mod tests {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    use super::*;

    #[test]
    fn keys_come_out_in_the_order_one_heap_gives() {
        let mut open = Open::default();
        let mut heap = BinaryHeap::new();
        // Buckets from a small cycle, indices rising as a search numbers
        // its nodes; pops in between, as a search interleaves them.
        let mut popped = (Vec::new(), Vec::new());
        for index in 0..2_000_u32 {
            let key = join((index * 7919) % 37, index);
            open.push(key);
            heap.push(Reverse(key));
            if index % 3 == 0 {
                assert_eq!(open.peek(), heap.peek().map(|&Reverse(k)| k));
                popped.0.push(open.pop());
                popped.1.push(heap.pop().map(|Reverse(k)| k));
            }
        }
        while let Some(Reverse(key)) = heap.pop() {
            popped.0.push(open.pop());
            popped.1.push(Some(key));
        }
        assert_eq!(popped.0, popped.1);
        assert_eq!((open.pop(), open.peek()), (None, None));
    }

    #[test]
    fn emptied_queues_are_counted_while_kept_and_not_after() {
        let mut open = Open::default();
        for bucket in 0..200 {
            open.push(join(bucket, bucket));
        }
        let full = open.bytes();
        while open.pop().is_some() {}
        let kept = open.bytes();
        assert!(0 < kept && kept < full, "{kept} of {full}");
    }
}
