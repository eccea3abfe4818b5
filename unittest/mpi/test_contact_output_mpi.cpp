// Contact output on several ranks and threads (issue 27; TESTING.md
// layers 5 and 9): compute body/contact/local and body/contact/atom give
// the same rows on this program's MPI ranks as on rank 0 alone, and with
// the /omp variants on 2 threads as with the serial styles: a contact
// between a local and a ghost body is reported once over the ranks. On
// the ranks, the rows also add up to the loads, the virial and the wall
// forces (expect_rows_add_up(), whose checks are those of
// test_contact_output). ctest runs it with 1, 2 and 4 ranks.
#include "contact_output_cases.h"
#include "lammps_session.h"
#include "parallel_runs.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <string>
#include <vector>

using body_dem_test::LammpsSession;

namespace {

using namespace body_dem_test;

// A 2d, a 3d linear and a 3d granular case: the pair's friction rows, the
// tangential adhesion rows, and both kinds of walls.
const std::vector<std::string> kCases = {"polygon_history", "polyhedron_friction_pair", "granular_adhesion"};

// The case poured on `comm` with `args`, 25 steps of the heap without
// gravity, the checks of the rows on those ranks; the sums.
ContactSums run_case(MPI_Comm comm, const std::string &name, const std::vector<std::string> &args)
{
  const ContactCase c = contact_case(name);
  LammpsSession s(args, comm);
  s.load_plugin();
  s.commands(contact_case_input(c));
  s.command("run 25");
  expect_rows_add_up(s, c, {"floor", c.dimension == 2 ? "sides" : "drum"});
  return contact_sums(gather_contact_rows(s, "cl"), gather_contact_atoms(s, "ca"));
}

std::vector<double> as_values(const ContactSums &s)
{
  std::vector<double> v = {s.rows, s.pair_rows, s.wall_rows, s.sum_fn, s.sum_abs_f, s.sum_overlap,
                           s.coordination, s.contacts_per_atom, s.fn_per_atom};
  v.insert(v.end(), s.row_virial.begin(), s.row_virial.end());
  return v;
}

// The counts (the first three values, and the coordination and contact
// sums) exactly; the sums of forces within 1e-8 relative: the
// trajectories on several ranks or threads differ by round-off (1e-16)
// amplified over the 4000 steps of the pour with its collisions (the
// parallel tests bound positions at 1e-9), and a contact missed or
// reported twice changes a count by one.
void expect_same_sums(const ContactSums &reference, const ContactSums &other, const std::string &what)
{
  const std::vector<double> a = as_values(reference), b = as_values(other);
  const char *names[] = {"rows", "pair rows", "wall rows", "sum fn", "sum |f|", "sum overlap", "coordination",
                         "contacts", "normal forces", "virial xx", "virial yy", "virial zz", "virial xy",
                         "virial xz", "virial yz"};
  for (size_t k = 0; k < a.size(); k++) {
    const bool count = k < 3 || k == 6 || k == 7;
    if (count)
      EXPECT_EQ(b[k], a[k]) << what << ": " << names[k];
    else
      EXPECT_NEAR(b[k], a[k], 1e-8 * (1.0 + std::fabs(a[k]))) << what << ": " << names[k];
  }
  EXPECT_GT(a[0], 50.0) << what << ": a packing has rows";
}

ContactSums broadcast(ContactSums s)
{
  std::vector<double> v = as_values(s);
  MPI_Bcast(v.data(), static_cast<int>(v.size()), MPI_DOUBLE, 0, MPI_COMM_WORLD);
  ContactSums out;
  out.rows = v[0];
  out.pair_rows = v[1];
  out.wall_rows = v[2];
  out.sum_fn = v[3];
  out.sum_abs_f = v[4];
  out.sum_overlap = v[5];
  out.coordination = v[6];
  out.contacts_per_atom = v[7];
  out.fn_per_atom = v[8];
  for (int k = 0; k < 6; k++) out.row_virial[k] = v[9 + k];
  return out;
}

ContactSums alone(const std::string &name, const std::vector<std::string> &args)
{
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm comm;
  MPI_Comm_split(MPI_COMM_WORLD, rank == 0 ? 0 : MPI_UNDEFINED, 0, &comm);
  ContactSums sums;
  if (rank == 0) sums = run_case(comm, name, args);
  if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
  return broadcast(sums);
}

class ContactOutputParallel : public ::testing::TestWithParam<std::string> {};

TEST_P(ContactOutputParallel, SameRowsOnAllRanks)
{
  const ContactSums serial = alone(GetParam(), {});
  const ContactSums parallel = run_case(MPI_COMM_WORLD, GetParam(), {});
  int nprocs = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
  expect_same_sums(serial, parallel, GetParam() + " on " + std::to_string(nprocs) + " ranks");
}

#ifdef BODY_DEM_TEST_WITH_OPENMP
TEST_P(ContactOutputParallel, SameRowsWithTwoThreads)
{
  const ContactSums serial = alone(GetParam(), {});
  const ContactSums threads = run_case(MPI_COMM_WORLD, GetParam(), {"-sf", "omp", "-pk", "omp", "2"});
  expect_same_sums(serial, threads, GetParam() + " with /omp, 2 threads per rank");
}
#endif

#ifdef BODY_DEM_TEST_WITH_KOKKOS
// The Kokkos variants: their host loop, or with BODY_DEM_KOKKOS_LOOP=device
// the device loop (rows appended in the device's memory and copied back
// on the recording steps only), on the host's threads (OMP_NUM_THREADS).
TEST_P(ContactOutputParallel, SameRowsWithKokkos)
{
  const ContactSums serial = alone(GetParam(), {});
  const ContactSums kokkos = run_case(MPI_COMM_WORLD, GetParam(), {"-sf", "kokkos"});
  expect_same_sums(serial, kokkos, GetParam() + " with the Kokkos variants");
}
#endif

INSTANTIATE_TEST_SUITE_P(Cases, ContactOutputParallel, ::testing::ValuesIn(kCases));

}    // namespace
