/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: compute body/contact/local (LAMMPS glue, issue 27):
   one row per contact of the package's pair style and wall fixes on the
   step it is invoked on, with the columns its keywords name
   (doc/compute_body_contact_local.rst).
     compute ID group-ID body/contact/local keyword ...
------------------------------------------------------------------------- */

#ifndef BODY_DEM_COMPUTE_BODY_CONTACT_LOCAL_H
#define BODY_DEM_COMPUTE_BODY_CONTACT_LOCAL_H

#include "compute_body_contact.h"

#include <vector>

namespace LAMMPS_NS {

class ComputeBodyContactLocal : public ComputeBodyContact {
 public:
  ComputeBodyContactLocal(class LAMMPS *, int, char **);
  ~ComputeBodyContactLocal() override;
  void compute_local() override;
  double memory_usage() override;

  // The value of column `column` (one of the keywords) of a row.
  enum class Column {
    id1, id2, wall, side, kind, px, py, pz, nx, ny, nz, overlap, weight, fn, ft, fnx, fny, fnz, ftx, fty, ftz, fx,
    fy, fz, bx, by, bz
  };

 private:
  std::vector<Column> columns;
  int nmax = 0;
  double *vlocal = nullptr;
  double **alocal = nullptr;
  void reallocate(int n);
};

}    // namespace LAMMPS_NS

#endif
