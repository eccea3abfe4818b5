#include "contact_output_cases.h"

#include "atom.h"
#include "compute.h"
#include "domain.h"
#include "fix.h"
#include "lammps.h"
#include "modify.h"
#include "update.h"

#include "host_behaviour.h"
#include "host_compat.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <array>
#include <cmath>
#include <set>
#include <stdexcept>

namespace body_dem_test {

const char *const kContactColumns = "id1 id2 wall side kind px py pz fx fy fz bx by bz fn overlap weight";

namespace {

// 2d: the pour of examples/body/in.polygon_pour (80 squares and pentagons
// between side walls), cohesion within 0.05 (k_na 5). 3d: the column of
// examples/body/in.heap3d_granular (288 cubes and tetrahedra in a
// cylinder), landing after about 3000 steps; the linear styles with
// cohesion within 0.05.
ContactCase polygon(const std::string &name, const std::string &settings)
{
  ContactCase c;
  c.name = name;
  c.dimension = 2;
  c.pair_style = "body/rounded/polygon 5.0 5.0 0.5 1.0 0.05" + settings;
  c.pair_coeff = "* * 1000.0 5.0";
  c.wall_style = "wall/body/polygon";
  c.wall_coeffs = "1000.0 5.0 5.0";
  c.data = "data.polygon_pour";
  c.pour_steps = 8000;
  return c;
}

ContactCase polyhedron(const std::string &name, const std::string &settings)
{
  ContactCase c;
  c.name = name;
  c.pair_style = "body/rounded/polyhedron 20.0 5.0 0.5 1.0 0.05" + settings;
  c.pair_coeff = "* * 2000.0 5.0";
  c.wall_style = "wall/body/polyhedron";
  c.wall_coeffs = "2000.0 20.0 5.0";
  c.data = "data.heap3d";
  c.pour_steps = 4000;
  return c;
}

ContactCase granular(const std::string &name, const std::string &model, const std::string &cutoff)
{
  ContactCase c;
  c.name = name;
  c.pair_style = "body/rounded/polyhedron/granular 1.0 " + cutoff;
  c.pair_coeff = "* * " + model;
  c.wall_style = "wall/body/polyhedron/granular";
  c.wall_coeffs = model;
  c.data = "data.heap3d";
  c.pour_steps = 4000;
  return c;
}

const std::string kHertz = "hertz/material 2.0e4 0.5 0.3 tangential linear_history 4000.0 1.0 0.5 damping mass_velocity";

}    // namespace

std::vector<std::string> contact_case_names()
{
  return {"polygon",    "polygon_history",        "polygon_friction_pair", "polygon_farthest_history",
          "polyhedron", "polyhedron_history",     "polyhedron_friction_pair", "granular",
          "granular_friction_pair", "granular_adhesion"};
}

ContactCase contact_case(const std::string &name)
{
  if (name == "polygon") return polygon(name, "");
  if (name == "polygon_history") return polygon(name, " history");
  if (name == "polygon_friction_pair") return polygon(name, " history friction pair");
  if (name == "polygon_farthest_history") return polygon(name, " history contacts farthest");
  if (name == "polyhedron") return polyhedron(name, "");
  if (name == "polyhedron_history") return polyhedron(name, " history");
  if (name == "polyhedron_friction_pair") return polyhedron(name, " history friction pair");
  if (name == "granular") return granular(name, kHertz, "0.0");
  if (name == "granular_friction_pair") return granular(name, kHertz + " friction pair", "0.0");
  // the adhesion of examples/body/in.adhesive_cubes with its tangential part (a row per pair)
  if (name == "granular_adhesion")
    return granular(name,
                    "hertz/material 1.0e4 5.0 0.3 tangential linear_history 2000.0 1.0 0.5 damping mass_velocity "
                    "adhesion 0.02 0.05 200.0 0.5 tangential_adhesion 0.01 0.5",
                    "0.05");
  throw std::runtime_error("contact_case: unknown case " + name);
}

std::string contact_case_input(const ContactCase &c)
{
  const bool two_d = c.dimension == 2;
  std::string in = "units lj\n";
  if (two_d) in += "dimension 2\nboundary f f p\natom_style body rounded/polygon 1 6\n";
  else in += "boundary f f f\natom_style body rounded/polyhedron 1 8\n";
  in += "atom_modify map array\ncomm_modify vel yes\nnewton on\n"
        "read_data " + source_dir() + "/examples/body/" + c.data + "\n"
        "pair_style " + c.pair_style + "\npair_coeff " + c.pair_coeff + "\n";
  if (two_d)
    in += "fix floor all " + c.wall_style + " " + c.wall_coeffs + " yplane 0.0 NULL\n"
          "fix sides all " + c.wall_style + " " + c.wall_coeffs + " xplane -8.0 8.0\n"
          "timestep 0.0005\nfix integrate all nve/body\nfix gravity all gravity 1.0 vector 0 -1 0\n"
          "fix plane all enforce2d\n";
  else
    in += "fix floor all " + c.wall_style + " " + c.wall_coeffs + " zplane 0.0 NULL\n"
          "fix drum all " + c.wall_style + " " + c.wall_coeffs + " zcylinder 12.0\n"
          "timestep 0.001\nfix integrate all nve/body\nfix gravity all gravity 1.0 vector 0 0 -1\n";
  in += "neighbor 0.3 bin\nneigh_modify every 1 delay 0 check yes\n"
        "thermo 1000\nrun " + std::to_string(c.pour_steps) + "\n"
        "unfix gravity\n"
        "compute cl all body/contact/local " + std::string(kContactColumns) + "\n"
        "compute ca all body/contact/atom\n"
        "compute pp all pressure NULL pair\n"
        + reduce_local_command("rows", "all", "sum", "c_cl[15]") + "\n"
        "compute atoms all reduce sum c_ca[1] c_ca[2] c_ca[3]\n"
        "thermo_style custom step c_rows c_atoms[1] c_atoms[2] c_atoms[3] c_pp[1] c_pp[2] c_pp[4]\n"
        "thermo_modify norm no\nthermo 10\n";
  return in;
}

std::vector<double> gather_contact_rows(LammpsSession &s, const std::string &id)
{
  LAMMPS_NS::Compute *c = LAMMPS_NS::host::compute_by_id(s.lmp->modify, id);
  if (!c) throw std::runtime_error("gather_contact_rows: no compute " + id);
  if (c->invoked_local != s.lmp->update->ntimestep) c->compute_local();
  if (c->size_local_cols != kContactColumnCount)
    throw std::runtime_error("gather_contact_rows: compute " + id + " has other columns");
  const int n = c->size_local_rows;
  std::vector<double> local(static_cast<size_t>(n) * kContactColumnCount);
  for (int r = 0; r < n; r++)
    for (int k = 0; k < kContactColumnCount; k++) local[static_cast<size_t>(r) * kContactColumnCount + k] = c->array_local[r][k];
  int nprocs = 1;
  MPI_Comm_size(s.lmp->world, &nprocs);
  const int mine = static_cast<int>(local.size());
  std::vector<int> counts(nprocs), offsets(nprocs, 0);
  MPI_Allgather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, s.lmp->world);
  int total = 0;
  for (int p = 0; p < nprocs; p++) {
    offsets[p] = total;
    total += counts[p];
  }
  std::vector<double> all(total);
  MPI_Allgatherv(local.data(), mine, MPI_DOUBLE, all.data(), counts.data(), offsets.data(), MPI_DOUBLE, s.lmp->world);
  return all;
}

std::vector<double> gather_contact_atoms(LammpsSession &s, const std::string &id)
{
  LAMMPS_NS::Compute *c = LAMMPS_NS::host::compute_by_id(s.lmp->modify, id);
  if (!c) throw std::runtime_error("gather_contact_atoms: no compute " + id);
  if (c->invoked_peratom != s.lmp->update->ntimestep) c->compute_peratom();
  LAMMPS_NS::Atom *atom = s.lmp->atom;
  const int natoms = static_cast<int>(atom->natoms);
  std::vector<double> local(3 * static_cast<size_t>(natoms), 0.0), all(local.size(), 0.0);
  for (int i = 0; i < atom->nlocal; ++i)
    for (int d = 0; d < 3; ++d) local[3 * (atom->tag[i] - 1) + d] = c->array_atom[i][d];
  MPI_Allreduce(local.data(), all.data(), static_cast<int>(all.size()), MPI_DOUBLE, MPI_SUM, s.lmp->world);
  return all;
}

namespace {
// Tolerance of the sums: a row's force is the product the style applies,
// and the sums add the same terms in another order (per contact: the
// normal and tangential parts apart, where the style adds them first);
// the difference is a few ulps (1e-16) of the largest term times the
// number of terms (some tens per body), so 1e-12 of the sum of the
// magnitudes of the terms at a body; 1e-10 of it is used. A missed row,
// a doubled one, a friction force on the wrong row or point, or a wrong
// sign show up at 1e-3 of that sum or above.
constexpr double kSumTolerance = 1e-10;

struct Vec {
  double x = 0, y = 0, z = 0;
};
Vec cross(const double a[3], const double b[3])
{
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

}    // namespace

int expect_rows_add_up(LammpsSession &s, const ContactCase &c, const std::vector<std::string> &walls)
{
  const std::string what = c.name + (walls.empty() ? " without walls" : " with walls");
  const std::vector<double> rows = gather_contact_rows(s, "cl");
  const std::vector<double> atoms = gather_contact_atoms(s, "ca");
  const std::vector<double> f = s.gather_by_id("f"), torque = s.gather_by_id("torque"), x = s.gather_by_id("x");
  const int natoms = static_cast<int>(f.size() / 3);
  LAMMPS_NS::Domain *domain = s.lmp->domain;
  const double period[3] = {domain->periodicity[0] ? domain->xprd : 0.0, domain->periodicity[1] ? domain->yprd : 0.0,
                            domain->dimension == 3 && domain->periodicity[2] ? domain->zprd : 0.0};

  // per body: the rows' force and torque, the magnitudes of their terms
  std::vector<double> row_f(3 * natoms, 0.0), row_t(3 * natoms, 0.0), f_scale(natoms, 0.0), t_scale(natoms, 0.0);
  // per body: its partners (other bodies by ID, walls as -(2 wall + side)), contacts, sum |fn|
  std::vector<std::set<long>> partners(natoms);
  std::vector<double> contacts(natoms, 0.0), fn_sum(natoms, 0.0);
  std::vector<Vec> wall_force(walls.size());
  std::array<double, 6> virial{};
  double virial_scale = 0.0;
  int pair_rows = 0, wall_rows = 0, per_pair_rows = 0;
  const int nrows = static_cast<int>(rows.size() / kContactColumnCount);
  for (int r = 0; r < nrows; r++) {
    const double *row = &rows[static_cast<size_t>(r) * kContactColumnCount];
    const int id1 = static_cast<int>(row[kId1]), id2 = static_cast<int>(row[kId2]);
    const int wall = static_cast<int>(row[kWall]), kind = static_cast<int>(row[kKind]);
    const double F[3] = {row[kFx], row[kFy], row[kFz]};
    const double Fmag = std::sqrt(F[0] * F[0] + F[1] * F[1] + F[2] * F[2]);
    EXPECT_GE(kind, 1) << what;
    EXPECT_LE(kind, 8) << what;
    const bool per_pair = kind == 7 || kind == 8;
    if (per_pair) per_pair_rows++;
    if (!per_pair) {
      EXPECT_GT(row[kWeight], 0.0) << what << ": a contact row of weight 0";
    }
    // the body 1 of the row, and body 2 (a body, or none for a wall)
    for (int side = 0; side < (wall ? 1 : 2); side++) {
      const int id = side == 0 ? id1 : id2;
      const double sign = side == 0 ? 1.0 : -1.0;
      if (id < 1 || id > natoms) {
        ADD_FAILURE() << what << ": a row of atom ID " << id;
        return nrows;
      }
      const int k = id - 1;
      double lever[3];
      for (int d = 0; d < 3; d++) {
        lever[d] = row[kPx + d] - x[3 * k + d];
        if (period[d] > 0.0) lever[d] -= period[d] * std::round(lever[d] / period[d]);
      }
      const double Fb[3] = {sign * F[0], sign * F[1], sign * F[2]};
      const Vec t = cross(lever, Fb);
      for (int d = 0; d < 3; d++) row_f[3 * k + d] += Fb[d];
      row_t[3 * k] += t.x;
      row_t[3 * k + 1] += t.y;
      row_t[3 * k + 2] += t.z;
      f_scale[k] += Fmag;
      t_scale[k] += Fmag * std::sqrt(lever[0] * lever[0] + lever[1] * lever[1] + lever[2] * lever[2]);
      if (!per_pair) {
        partners[k].insert(wall ? -(2L * wall + static_cast<long>(row[kSide])) : (side == 0 ? id2 : id1));
        contacts[k] += 1.0;
        fn_sum[k] += std::fabs(row[kFn]);
      }
    }
    if (wall) {
      wall_rows++;
      EXPECT_EQ(id2, 0) << what;
      if (wall > static_cast<int>(walls.size())) {
        ADD_FAILURE() << what << ": a row of wall " << wall;
        return nrows;
      }
      wall_force[wall - 1].x += F[0];
      wall_force[wall - 1].y += F[1];
      wall_force[wall - 1].z += F[2];
    } else {
      pair_rows++;
      const double b[3] = {row[kBx], row[kBy], row[kBz]};
      virial[0] += b[0] * F[0];
      virial[1] += b[1] * F[1];
      virial[2] += b[2] * F[2];
      virial[3] += b[0] * F[1];
      virial[4] += b[0] * F[2];
      virial[5] += b[1] * F[2];
      virial_scale += std::sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2]) * Fmag;
    }
  }
  // a packing, not a gas: enough rows for the sums to mean something
  EXPECT_GT(pair_rows, 20) << what;
  if (!walls.empty()) {
    EXPECT_GT(wall_rows, 5) << what;
  } else {
    EXPECT_EQ(wall_rows, 0) << what;
  }
  const bool pair_friction = c.name.find("friction_pair") != std::string::npos;
  if (pair_friction || c.name == "granular_adhesion") {
    EXPECT_GT(per_pair_rows, 0) << what << ": no row of the pair's friction or tangential adhesion";
  } else {
    EXPECT_EQ(per_pair_rows, 0) << what;
  }

  int bad = 0;
  for (int k = 0; k < natoms; k++) {
    for (int d = 0; d < 3; d++) {
      const bool f_ok = std::fabs(row_f[3 * k + d] - f[3 * k + d]) <= kSumTolerance * (1.0 + f_scale[k]);
      const bool t_ok = std::fabs(row_t[3 * k + d] - torque[3 * k + d]) <= kSumTolerance * (1.0 + t_scale[k]);
      if ((!f_ok || !t_ok) && bad++ < 5)
        ADD_FAILURE() << what << ": atom " << k + 1 << " component " << d << ": rows " << row_f[3 * k + d] << " "
                      << row_t[3 * k + d] << ", applied " << f[3 * k + d] << " " << torque[3 * k + d];
    }
    EXPECT_DOUBLE_EQ(atoms[3 * k], static_cast<double>(partners[k].size())) << what << ": coordination of " << k + 1;
    EXPECT_DOUBLE_EQ(atoms[3 * k + 1], contacts[k]) << what << ": contacts of " << k + 1;
    EXPECT_NEAR(atoms[3 * k + 2], fn_sum[k], kSumTolerance * (1.0 + fn_sum[k])) << what << ": normal forces of "
                                                                                << k + 1;
  }
  EXPECT_EQ(bad, 0) << what << ": components whose rows do not add up";

  // the pair style's virial: P V from compute pressure NULL pair (lj units)
  const double volume = domain->xprd * domain->yprd * (domain->dimension == 3 ? domain->zprd : 1.0);
  const int order[6] = {0, 1, 2, 3, 4, 5};    // xx yy zz xy xz yz, as compute pressure's vector
  for (int m : order)
    EXPECT_NEAR(s.compute_vector("pp", m) * volume, virial[m], kSumTolerance * (1.0 + virial_scale))
        << what << ": virial component " << m;

  for (size_t w = 0; w < walls.size(); w++) {
    LAMMPS_NS::Fix *fix = LAMMPS_NS::host::fix_by_id(s.lmp->modify, walls[w]);
    const double applied[3] = {fix->compute_vector(2), fix->compute_vector(3), fix->compute_vector(4)};
    const double summed[3] = {wall_force[w].x, wall_force[w].y, wall_force[w].z};
    double scale = 1.0;
    for (double v : summed) scale += std::fabs(v);
    for (int d = 0; d < 3; d++)
      EXPECT_NEAR(summed[d], applied[d], kSumTolerance * scale) << what << ": fix " << walls[w] << " component " << d;
  }
  return nrows;
}


ContactSums contact_sums(const std::vector<double> &rows, const std::vector<double> &atoms)
{
  ContactSums s;
  for (size_t r = 0; r + kContactColumnCount <= rows.size(); r += kContactColumnCount) {
    const double *row = &rows[r];
    s.rows += 1;
    (row[kWall] == 0 ? s.pair_rows : s.wall_rows) += 1;
    s.sum_fn += row[kFn];
    s.sum_abs_f += std::sqrt(row[kFx] * row[kFx] + row[kFy] * row[kFy] + row[kFz] * row[kFz]);
    s.sum_overlap += row[kOverlap];
    if (row[kWall] != 0) continue;
    const double b[3] = {row[kBx], row[kBy], row[kBz]}, f[3] = {row[kFx], row[kFy], row[kFz]};
    s.row_virial[0] += b[0] * f[0];
    s.row_virial[1] += b[1] * f[1];
    s.row_virial[2] += b[2] * f[2];
    s.row_virial[3] += b[0] * f[1];
    s.row_virial[4] += b[0] * f[2];
    s.row_virial[5] += b[1] * f[2];
  }
  for (size_t k = 0; k + 3 <= atoms.size(); k += 3) {
    s.coordination += atoms[k];
    s.contacts_per_atom += atoms[k + 1];
    s.fn_per_atom += atoms[k + 2];
  }
  return s;
}

}    // namespace body_dem_test
