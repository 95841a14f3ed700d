// SPEC §7 "Driver (driver token)" and "CRUD on admin/drivers, admin/vehicles", plus admin/trips.
// Every path calls the tRPC procedure the apps use (docs/decisions/0002, 0008).
import { del, get, post, postCreated, put } from '../../rest/define';

export const driversRest = [
  // ---- the driver app ----
  get('/api/driver/trips', 'driver.trips', { query: 'rest', summary: 'The driver’s trips (scope=open|all)' }),
  get('/api/driver/trips/:id', 'driver.trip', { summary: 'One of the driver’s trips' }),
  put('/api/driver/trips/:id/status', 'driver.setStatus', {
    body: 'rest',
    summary:
      'Move the trip one step: ON_ROUTE, ARRIVED, or COMPLETED with actual_duration (min), actual_distance (km) and the phone’s position; more than 1 km from the drop-off, 409 until confirm_far_from_dropoff is true',
  }),
  post('/api/driver/trips/:id/start-delivery', 'driver.startDelivery', {
    body: 'rest',
    summary: 'Begin the delivery of an ARRIVED trip (optional estimated_distance, estimated_duration)',
  }),
  put('/api/driver/location', 'driver.updateLocation', { body: 'rest', summary: 'The driver’s position {lat, lng}' }),
  get('/api/driver/trips/:id/documents', 'driver.documents', { summary: 'The trip’s documents, newest first' }),
  postCreated('/api/driver/trips/:id/documents', 'driver.uploadDocuments', {
    body: 'rest',
    summary: 'Attach documents {documents: [{name, body (data URL), kind?}]}: 11 MB each; JPEG, PNG, GIF, PDF, Word, Excel',
  }),
  // ---- administrators ----
  get('/admin/drivers', 'drivers.admin.drivers', { query: 'rest', summary: 'Drivers, paged (q, status)' }),
  postCreated('/admin/drivers', 'drivers.admin.createDriver', { body: 'rest', summary: 'Add a driver' }),
  get('/admin/drivers/:id', 'drivers.admin.driver', { summary: 'One driver' }),
  put('/admin/drivers/:id', 'drivers.admin.updateDriver', { body: 'rest', summary: 'Change a driver' }),
  del('/admin/drivers/:id', 'drivers.admin.deleteDriver', { summary: 'Remove a driver without open trips (its sessions end)' }),
  get('/admin/vehicles', 'drivers.admin.vehicles', { query: 'rest', summary: 'Vehicles, paged (q)' }),
  postCreated('/admin/vehicles', 'drivers.admin.createVehicle', { body: 'rest', summary: 'Add a vehicle' }),
  get('/admin/vehicles/:id', 'drivers.admin.vehicle', { summary: 'One vehicle' }),
  put('/admin/vehicles/:id', 'drivers.admin.updateVehicle', { body: 'rest', summary: 'Change a vehicle' }),
  del('/admin/vehicles/:id', 'drivers.admin.deleteVehicle', { summary: 'Remove a vehicle' }),
  get('/admin/trips', 'drivers.admin.trips', { query: 'rest', summary: 'Trips dated from..to (the calendar)' }),
  postCreated('/admin/trips', 'drivers.admin.createTrip', {
    body: 'rest',
    summary: 'Schedule a pickup for a synergy: a trip ASSIGNED with the router’s estimate',
  }),
  get('/admin/trips/:id', 'drivers.admin.trip', { summary: 'One trip with its documents' }),
  put('/admin/trips/:id', 'drivers.admin.updateTrip', {
    body: 'rest',
    summary: 'Reassign or reschedule an ASSIGNED trip, or cancel one (status CANCELLED)',
  }),
];
