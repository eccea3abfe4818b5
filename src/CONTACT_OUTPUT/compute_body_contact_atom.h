/* -*- c++ -*- ----------------------------------------------------------
   body-dem package: compute body/contact/atom (LAMMPS glue, issue 27):
   per body of the group, from the contact rows of the package's pair
   style and walls on the step it is invoked on
   (doc/compute_body_contact_atom.rst):
     [1] coordination number: the bodies of the group and the walls that
         it has a contact with,
     [2] its contacts,
     [3] the sum of the magnitudes of their normal forces.
     compute ID group-ID body/contact/atom
------------------------------------------------------------------------- */

#ifndef BODY_DEM_COMPUTE_BODY_CONTACT_ATOM_H
#define BODY_DEM_COMPUTE_BODY_CONTACT_ATOM_H

#include "compute_body_contact.h"

namespace LAMMPS_NS {

class ComputeBodyContactAtom : public ComputeBodyContact {
 public:
  ComputeBodyContactAtom(class LAMMPS *, int, char **);
  ~ComputeBodyContactAtom() override;
  void compute_peratom() override;
  int pack_reverse_comm(int, int, double *) override;
  void unpack_reverse_comm(int, int *, double *) override;
  double memory_usage() override;

  static constexpr int kColumns = 3;

 private:
  int nmax = 0;
  double **values = nullptr;
};

}    // namespace LAMMPS_NS

#endif
