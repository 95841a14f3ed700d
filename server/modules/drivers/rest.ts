// SPEC §7 "Driver (driver token)" and "CRUD on admin/drivers, admin/vehicles", plus admin/trips.
// Every path calls the tRPC procedure the apps use (docs/decisions/0002, 0008).
import { route } from '../../rest/define';

export const driversRest = [
  // ---- the driver app ----
  route({ method: 'get', path: '/api/driver/trips', procedure: 'driver.trips', query: 'rest', summary: 'The driver’s trips (scope=open|all)' }),
  route({ method: 'get', path: '/api/driver/trips/:id', procedure: 'driver.trip', params: { id: 'id' }, summary: 'One of the driver’s trips' }),
  route({
    method: 'put',
    path: '/api/driver/trips/:id/status',
    procedure: 'driver.setStatus',
    params: { id: 'id' },
    body: 'rest',
    summary:
      'Move the trip one step: ON_ROUTE, ARRIVED, or COMPLETED with actual_duration (min), actual_distance (km) and the phone’s position; more than 1 km from the drop-off, 409 until confirm_far_from_dropoff is true',
  }),
  route({
    method: 'post',
    path: '/api/driver/trips/:id/start-delivery',
    procedure: 'driver.startDelivery',
    params: { id: 'id' },
    body: 'rest',
    summary: 'Begin the delivery of an ARRIVED trip (optional estimated_distance, estimated_duration)',
  }),
  route({
    method: 'put',
    path: '/api/driver/location',
    procedure: 'driver.updateLocation',
    body: 'rest',
    summary: 'The driver’s position {lat, lng}',
  }),
  route({
    method: 'get',
    path: '/api/driver/trips/:id/documents',
    procedure: 'driver.documents',
    params: { id: 'id' },
    summary: 'The trip’s documents, newest first',
  }),
  route({
    method: 'post',
    path: '/api/driver/trips/:id/documents',
    procedure: 'driver.uploadDocuments',
    status: 201,
    params: { id: 'id' },
    body: 'rest',
    summary: 'Attach documents {documents: [{name, body (data URL), kind?}]}: 11 MB each; JPEG, PNG, GIF, PDF, Word, Excel',
  }),
  // ---- administrators ----
  route({ method: 'get', path: '/admin/drivers', procedure: 'drivers.admin.drivers', query: 'rest', summary: 'Drivers, paged (q, status)' }),
  route({ method: 'post', path: '/admin/drivers', procedure: 'drivers.admin.createDriver', status: 201, body: 'rest', summary: 'Add a driver' }),
  route({ method: 'get', path: '/admin/drivers/:id', procedure: 'drivers.admin.driver', params: { id: 'id' }, summary: 'One driver' }),
  route({
    method: 'put',
    path: '/admin/drivers/:id',
    procedure: 'drivers.admin.updateDriver',
    params: { id: 'id' },
    body: 'rest',
    summary: 'Change a driver',
  }),
  route({
    method: 'delete',
    path: '/admin/drivers/:id',
    procedure: 'drivers.admin.deleteDriver',
    params: { id: 'id' },
    summary: 'Remove a driver without open trips (its sessions end)',
  }),
  route({ method: 'get', path: '/admin/vehicles', procedure: 'drivers.admin.vehicles', query: 'rest', summary: 'Vehicles, paged (q)' }),
  route({ method: 'post', path: '/admin/vehicles', procedure: 'drivers.admin.createVehicle', status: 201, body: 'rest', summary: 'Add a vehicle' }),
  route({ method: 'get', path: '/admin/vehicles/:id', procedure: 'drivers.admin.vehicle', params: { id: 'id' }, summary: 'One vehicle' }),
  route({
    method: 'put',
    path: '/admin/vehicles/:id',
    procedure: 'drivers.admin.updateVehicle',
    params: { id: 'id' },
    body: 'rest',
    summary: 'Change a vehicle',
  }),
  route({
    method: 'delete',
    path: '/admin/vehicles/:id',
    procedure: 'drivers.admin.deleteVehicle',
    params: { id: 'id' },
    summary: 'Remove a vehicle',
  }),
  route({ method: 'get', path: '/admin/trips', procedure: 'drivers.admin.trips', query: 'rest', summary: 'Trips dated from..to (the calendar)' }),
  route({
    method: 'post',
    path: '/admin/trips',
    procedure: 'drivers.admin.createTrip',
    status: 201,
    body: 'rest',
    summary: 'Schedule a pickup for a synergy: a trip ASSIGNED with the router’s estimate',
  }),
  route({ method: 'get', path: '/admin/trips/:id', procedure: 'drivers.admin.trip', params: { id: 'id' }, summary: 'One trip with its documents' }),
  route({
    method: 'put',
    path: '/admin/trips/:id',
    procedure: 'drivers.admin.updateTrip',
    params: { id: 'id' },
    body: 'rest',
    summary: 'Reassign or reschedule an ASSIGNED trip, or cancel one (status CANCELLED)',
  }),
];
