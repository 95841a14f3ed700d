import * as schema from '../../../shared/schemas/drivers';
import { adminProcedure, companyProcedure, driverProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

/**
 * The driver app's own procedures (driver token audience), mounted as `driver.*`: the client sends the
 * driver token for exactly this prefix (docs/decisions/0044).
 */
export const driverRouter = router({
  me: driverProcedure.query(serve(service.me)),
  trips: driverProcedure.input(schema.driverTripsInput).output(schema.driverTripsOutput).query(serve(service.myTrips)),
  trip: driverProcedure.input(schema.idInput).output(schema.driverTripOutput).query(serve(service.myTrip)),
  setStatus: driverProcedure.input(schema.tripStatusInput).output(schema.driverSetStatusOutput).mutation(serve(service.setTripStatus)),
  startDelivery: driverProcedure.input(schema.startDeliveryInput).output(schema.driverStartDeliveryOutput).mutation(serve(service.startDelivery)),
  updateLocation: driverProcedure.input(schema.driverLocationInput).output(schema.driverUpdateLocationOutput).mutation(serve(service.updateLocation)),
  route: driverProcedure.input(schema.tripRouteInput).query(serve(service.myTripRoute)),
  documents: driverProcedure.input(schema.idInput).output(schema.driverDocumentsOutput).query(serve(service.myDocuments)),
  uploadDocuments: driverProcedure
    .input(schema.uploadTripDocumentsInput)
    .output(schema.driverUploadDocumentsOutput)
    .mutation(serve(service.uploadDocuments)),
});

/** Drivers, vehicles and trips for administrators (user token), and a synergy's trips for its two companies. */
export const driversRouter = router({
  exchangeTrips: companyProcedure.input(schema.exchangeTripsInput).query(serve(service.exchangeTrips)),
  admin: router({
    drivers: adminProcedure.input(schema.listDriversInput).output(schema.adminDriversOutput).query(serve(service.listDrivers)),
    driver: adminProcedure.input(schema.idInput).output(schema.adminDriverOutput).query(serve(service.getDriver)),
    createDriver: adminProcedure.input(schema.createDriverInput).output(schema.adminCreateDriverOutput).mutation(serve(service.createDriver)),
    updateDriver: adminProcedure.input(schema.updateDriverInput).output(schema.adminUpdateDriverOutput).mutation(serve(service.updateDriver)),
    deleteDriver: adminProcedure.input(schema.idInput).output(schema.adminDeleteDriverOutput).mutation(serve(service.deleteDriver)),
    vehicles: adminProcedure.input(schema.listVehiclesInput).output(schema.adminVehiclesOutput).query(serve(service.listVehicles)),
    vehicle: adminProcedure.input(schema.idInput).output(schema.adminVehicleOutput).query(serve(service.getVehicle)),
    createVehicle: adminProcedure.input(schema.createVehicleInput).output(schema.adminCreateVehicleOutput).mutation(serve(service.createVehicle)),
    updateVehicle: adminProcedure.input(schema.updateVehicleInput).output(schema.adminUpdateVehicleOutput).mutation(serve(service.updateVehicle)),
    deleteVehicle: adminProcedure.input(schema.idInput).output(schema.adminDeleteVehicleOutput).mutation(serve(service.deleteVehicle)),
    trips: adminProcedure.input(schema.listTripsInput).output(schema.adminTripsOutput).query(serve(service.listTrips)),
    trip: adminProcedure.input(schema.idInput).output(schema.adminTripOutput).query(serve(service.getTripForAdmin)),
    createTrip: adminProcedure.input(schema.createTripInput).output(schema.adminCreateTripOutput).mutation(serve(service.createTrip)),
    updateTrip: adminProcedure.input(schema.updateTripInput).output(schema.adminUpdateTripOutput).mutation(serve(service.updateTrip)),
    tripRoute: adminProcedure.input(schema.idInput).query(serve(service.tripRouteForAdmin)),
    schedulable: adminProcedure.input(schema.schedulableInput).query(serve(service.schedulable)),
    livePositions: adminProcedure.query(serve(service.livePositions)),
  }),
});
