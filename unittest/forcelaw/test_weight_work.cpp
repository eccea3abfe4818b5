// The work of the contact weights (weight_work.h, layer 2): the booking
// rule per contact and step, checked against values worked out by hand.
#include "weight_work.h"

#include <gtest/gtest.h>

#include <vector>

using body_dem::kWeightRecordSize;
using body_dem::update_weight_record;
using body_dem::WeightLedger;
using body_dem::WeightRecordRef;

namespace {

using Ledger = WeightLedger<8>;

// Keys as the caller names them; `swapped` adds 1000 (an involution is not
// needed to test the bookkeeping).
double shifted(double key) { return key + 1000.0; }

std::vector<double> empty_record() { return std::vector<double>(kWeightRecordSize, 0.0); }

}    // namespace

TEST(WeightWork, MatchedAppearedAndVanishedContacts)
{
  // Step 1 records keys 10 (w 0.5, E 2) and 20 (w 0.4, E 3), booking
  // nothing (book = false: the setup of a run).
  std::vector<double> record = empty_record();
  Ledger first;
  first.add(10, 0.5, 0);
  first.add(20, 0.4, 1);
  const double e1[] = {2.0, 3.0};
  EXPECT_EQ(update_weight_record(first, e1, shifted, false, WeightRecordRef{record.data(), false}), 0.0);
  EXPECT_EQ(record[0], 2.0);
  // Step 2: key 10 again with w 0.7, E 4: 1/2 (2 + 4)(0.7 - 0.5) = 0.6;
  // key 30 appears with w 0.3, E 1: its old energy is taken as 1,
  // 1/2 (1 + 1)(0.3 - 0) = 0.3; key 20 vanished: -3 * 0.4 = -1.2.
  // Total -0.3.
  Ledger second;
  second.add(10, 0.7, 0);
  second.add(30, 0.3, 1);
  const double e2[] = {4.0, 1.0};
  EXPECT_NEAR(update_weight_record(second, e2, shifted, true, WeightRecordRef{record.data(), false}), -0.3, 1e-15);
  // the record now holds step 2: (10, 0.7, 4), (30, 0.3, 1)
  EXPECT_EQ(record[0], 2.0);
  EXPECT_EQ(record[1], 10.0);
  EXPECT_EQ(record[2], 0.7);
  EXPECT_EQ(record[3], 4.0);
  EXPECT_EQ(record[4], 30.0);
  // Step 3: nothing changed: no work.
  EXPECT_EQ(update_weight_record(second, e2, shifted, true, WeightRecordRef{record.data(), false}), 0.0);
  // Out of reach: both vanish, -(4 * 0.7 + 1 * 0.3) = -3.1, record empty.
  EXPECT_NEAR(body_dem::clear_weight_record(true, record.data()), -3.1, 1e-15);
  EXPECT_EQ(record[0], 0.0);
}

TEST(WeightWork, CandidatesSharingAContactUseItsEnergy)
{
  // Two candidates stored in the same contact 0 (E 2), one in contact 1
  // (E 5): their energies are those of the contacts they are stored in.
  std::vector<double> record = empty_record();
  Ledger first;
  first.add(1, 0.5, 0);
  first.add(2, 0.5, 0);
  first.add(3, 1.0, 1);
  const double e[] = {2.0, 5.0};
  update_weight_record(first, e, shifted, false, WeightRecordRef{record.data(), false});
  Ledger second;
  second.add(1, 0.25, 0);
  second.add(2, 0.75, 0);
  second.add(3, 1.0, 1);
  // 1/2 (2 + 2)(0.25 - 0.5) + 1/2 (2 + 2)(0.75 - 0.5) + 0 = 0
  EXPECT_NEAR(update_weight_record(second, e, shifted, true, WeightRecordRef{record.data(), false}), 0.0, 1e-15);
}

TEST(WeightWork, SwappedPairsStoreTheKeysOfTheOtherSide)
{
  // Written by the pair seen one way (swapped: keys shifted), read back by
  // the pair seen the other way (not swapped, keys already shifted): the
  // contact is found again and only its weight change is booked.
  std::vector<double> record = empty_record();
  Ledger seen_swapped;
  seen_swapped.add(7, 0.5, 0);
  const double e[] = {2.0};
  update_weight_record(seen_swapped, e, shifted, false, WeightRecordRef{record.data(), true});
  EXPECT_EQ(record[1], 1007.0);
  Ledger seen_straight;
  seen_straight.add(1007, 0.6, 0);
  EXPECT_NEAR(update_weight_record(seen_straight, e, shifted, true, WeightRecordRef{record.data(), false}), 2.0 * 0.1,
              1e-15);
}

TEST(WeightWork, MoreCandidatesThanTheCapacityAreNotRecordedInPart)
{
  // A ledger with more candidates than the record holds (40 > 16): the
  // caller sees it (record_overflows, the style's error) and the record is
  // not written at all (a part of them would book the rest as appearing
  // each step).
  WeightLedger<64> many;
  std::vector<double> e(64, 1.0);
  for (int k = 0; k < 40; ++k) many.add(k, 0.5, k);
  std::vector<double> record = empty_record();
  const WeightRecordRef ref{record.data(), false};
  EXPECT_EQ(ref.capacity, body_dem::kDefaultWeightRecordContacts);
  EXPECT_TRUE(body_dem::record_overflows(many.size, ref));
  EXPECT_FALSE(body_dem::record_overflows(body_dem::kDefaultWeightRecordContacts, ref));
  EXPECT_EQ(update_weight_record(many, e.data(), shifted, true, ref), 0.0);
  EXPECT_EQ(record, empty_record());
}

TEST(WeightWork, RecordOfTheLargestCapacityFindsEveryCandidateAgain)
{
  // 64 candidates in a record of capacity 64: all are found again at the
  // next step (the mask of matched entries has 64 bits; with 32 bits the
  // entries 32-63 were booked as vanished and appeared). Step 1: w 0.5,
  // E 1 each; step 2: w 0.75, E 3: each books 1/2 (1 + 3)(0.75 - 0.5) =
  // 0.5, in all 64 * 0.5 = 32. Exact in binary.
  constexpr int n = body_dem::kMaxWeightRecordContacts;
  std::vector<double> record(body_dem::weight_record_size(false, n), 0.0);
  WeightRecordRef ref{record.data(), false};
  ref.capacity = n;
  WeightLedger<n> first, second;
  std::vector<double> e1(n, 1.0), e2(n, 3.0);
  for (int k = 0; k < n; ++k) {
    first.add(10.0 * k, 0.5, k);
    second.add(10.0 * k, 0.75, k);
  }
  EXPECT_FALSE(body_dem::record_overflows(n, ref));
  update_weight_record(first, e1.data(), shifted, false, ref);
  EXPECT_EQ(record[0], static_cast<double>(n));
  EXPECT_EQ(update_weight_record(second, e2.data(), shifted, true, ref), 32.0);
  // the last entry: key 630, w 0.75, E 3
  EXPECT_EQ(record[1 + 3 * (n - 1)], 630.0);
  EXPECT_EQ(record[2 + 3 * (n - 1)], 0.75);
  EXPECT_EQ(record[3 + 3 * (n - 1)], 3.0);
}

TEST(WeightWork, DefaultCapacityIsTwiceTheVertexCountWithinItsBounds)
{
  using body_dem::default_weight_record_capacity;
  EXPECT_EQ(default_weight_record_capacity(4), 16);     // tetrahedra, squares: as before
  EXPECT_EQ(default_weight_record_capacity(8), 16);     // cubes
  EXPECT_EQ(default_weight_record_capacity(12), 24);    // icosahedra
  EXPECT_EQ(default_weight_record_capacity(20), 40);
  EXPECT_EQ(default_weight_record_capacity(32), 64);
  EXPECT_EQ(default_weight_record_capacity(50), 64);    // hull grains: every candidate
  EXPECT_EQ(default_weight_record_capacity(0), 64);     // no bodies yet: every candidate
  EXPECT_EQ(body_dem::weight_record_size(true, 64), 1 + 6 * 64);
}

TEST(WeightWork, RecordKnownEmptyIsNotReadAndNotWrittenWithoutCandidates)
{
  // A pair whose history flag is off: its values are zero and not read
  // (here they hold a stale record on purpose, which must be ignored); with
  // no candidate nothing is written, with one it is recorded and booked as
  // appeared (1/2 (2 + 2)(0.5 - 0) = 1).
  std::vector<double> record = empty_record();
  record[0] = 1.0;
  record[1] = 10.0;
  record[2] = 0.9;
  record[3] = 7.0;
  const std::vector<double> stale = record;
  Ledger none;
  const double e[] = {2.0};
  EXPECT_EQ(update_weight_record(none, e, shifted, true, WeightRecordRef{record.data(), false, true}), 0.0);
  EXPECT_EQ(record, stale);
  Ledger one;
  one.add(10, 0.5, 0);
  EXPECT_NEAR(update_weight_record(one, e, shifted, true, WeightRecordRef{record.data(), false, true}), 1.0, 1e-15);
  EXPECT_EQ(record[0], 1.0);
  EXPECT_EQ(record[2], 0.5);
  EXPECT_EQ(record[3], 2.0);
}

TEST(WeightRecordSprings, StoredAsSeenFromTheLowerIdAndReadBackInEitherView)
{
  // A record with springs (stride 6): written by the pair seen as (i, j)
  // with i the higher ID (swapped), read back by the pair seen either way.
  // Keys of this test: swap = k + 100 <-> k - 100 (an involution).
  const auto swap_key = [](double k) { return k >= 100.0 ? k - 100.0 : k + 100.0; };
  std::vector<double> record(body_dem::weight_record_size(true), 0.0);
  body_dem::WeightLedger<4> ledger;
  ledger.add(3.0, 0.5, 0);
  ledger.add(104.0, 1.0, 1);
  const double unit_energy[2] = {0.2, 0.4};
  const body_dem::Vec3 springs[2] = {{0.1, 0.2, 0.3}, {-1.0, 0.0, 2.0}};
  body_dem::WeightRecordRef ref{record.data(), true, false, body_dem::kWeightRecordSpringEntry};
  body_dem::update_weight_record(ledger, unit_energy, swap_key, false, ref, springs);
  // stored canonically: keys swapped, springs negated
  EXPECT_EQ(record[0], 2.0);
  EXPECT_EQ(record[1], 103.0);
  EXPECT_EQ(record[2], 0.5);
  EXPECT_EQ(record[3], 0.2);
  EXPECT_EQ(record[4], -0.1);
  EXPECT_EQ(record[7], 4.0);
  EXPECT_EQ(record[12], -2.0);
  double keys[body_dem::kDefaultWeightRecordContacts];
  body_dem::Vec3 xi[body_dem::kDefaultWeightRecordContacts];
  // the same view: what was written
  ASSERT_EQ(body_dem::load_weight_record_springs(ref, swap_key, keys, xi), 2);
  EXPECT_EQ(keys[0], 3.0);
  EXPECT_EQ(xi[0].y, 0.2);
  EXPECT_EQ(keys[1], 104.0);
  EXPECT_EQ(xi[1].z, 2.0);
  // the other view (the host moved the record to the other body's list)
  ref.swapped = false;
  ASSERT_EQ(body_dem::load_weight_record_springs(ref, swap_key, keys, xi), 2);
  EXPECT_EQ(keys[0], 103.0);
  EXPECT_EQ(xi[0].y, -0.2);
  EXPECT_EQ(keys[1], 4.0);
  EXPECT_EQ(xi[1].z, -2.0);
}
