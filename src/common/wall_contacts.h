// Contacts of a rounded body's vertices with a flat wall or with the
// inside of a circular wall about the z axis (layer 1: plain C++, no
// LAMMPS), for 2d polygons and 3d polyhedra alike: for a convex body the
// skeleton points nearest to a plane, or farthest from an axis, are
// vertices (all of an edge or face parallel to the wall are equally near),
// so the wall sees only vertex contacts.
//
// The body is "i" and the wall is "j" of the Contact conventions
// (contact.h): the normal points from the body into the wall, on_i is the
// vertex, on_j its nearest point on the wall, delta_n the distance of the
// vertex from the wall minus the body's rounded radius (the wall has no
// rounding). Every vertex with delta_n <= cutoff is a contact; the kinds
// are vertex (body) and face (wall).
#ifndef BODY_DEM_WALL_CONTACTS_H
#define BODY_DEM_WALL_CONTACTS_H

#include "contact.h"
#include "device_marks.h"

namespace body_dem {

// Flat wall through `point`, with the unit `inward` normal pointing into
// the domain where the bodies are.
struct PlaneWall {
  Vec3 point;
  Vec3 inward;
};

// Circular (cylindrical) wall of radius `radius` about the z axis, bodies inside.
struct CylinderWall {
  double radius = 0.0;
};

namespace wall_detail {
template <int Capacity>
BODY_DEM_HOST_DEVICE
inline void add_wall_contact(const Vec3 &vertex, int index, double distance, const Vec3 &into_wall,
                             double rounded_radius, double cutoff, ContactList<Capacity> &out)
{
  const double delta_n = distance - rounded_radius;
  if (delta_n > cutoff) return;
  Contact c;
  c.kind_i = FeatureKind::vertex;
  c.kind_j = FeatureKind::face;
  c.index_i = index;
  c.index_j = 0;
  c.on_i = vertex;
  c.normal = into_wall;
  c.on_j = vertex + into_wall * distance;
  c.delta_n = delta_n;
  c.point = contact_point(c.on_i, c.normal, rounded_radius, delta_n);
  out.add(c);
}
}    // namespace wall_detail

template <int Capacity>
BODY_DEM_HOST_DEVICE
inline int find_wall_contacts(const Vec3 *vertices, int nvertices, double rounded_radius, const PlaneWall &wall,
                              double cutoff, ContactList<Capacity> &out)
{
  out.clear();
  const Vec3 into_wall = -wall.inward;
  for (int k = 0; k < nvertices; ++k) {
    const double distance = dot(vertices[k] - wall.point, wall.inward);
    wall_detail::add_wall_contact(vertices[k], k, distance, into_wall, rounded_radius, cutoff, out);
  }
  return out.size;
}

template <int Capacity>
BODY_DEM_HOST_DEVICE
inline int find_wall_contacts(const Vec3 *vertices, int nvertices, double rounded_radius, const CylinderWall &wall,
                              double cutoff, ContactList<Capacity> &out)
{
  out.clear();
  for (int k = 0; k < nvertices; ++k) {
    const Vec3 &p = vertices[k];
    const Vec3 radial{p.x, p.y, 0.0};
    const double rho = norm(radial);
    // A vertex exactly on the axis has no radial direction; any one will do
    // (it is far from the wall unless the cylinder is tiny).
    const Vec3 outward = rho > 0.0 ? radial * (1.0 / rho) : Vec3{1.0, 0.0, 0.0};
    wall_detail::add_wall_contact(p, k, wall.radius - rho, outward, rounded_radius, cutoff, out);
  }
  return out.size;
}

}    // namespace body_dem

#endif
