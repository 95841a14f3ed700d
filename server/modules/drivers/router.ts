import {
  adminCreateDriverOutput,
  adminCreateTripOutput,
  adminCreateVehicleOutput,
  adminDeleteDriverOutput,
  adminDeleteVehicleOutput,
  adminDriverOutput,
  adminDriversOutput,
  adminTripOutput,
  adminTripsOutput,
  adminUpdateDriverOutput,
  adminUpdateTripOutput,
  adminUpdateVehicleOutput,
  adminVehicleOutput,
  adminVehiclesOutput,
  createDriverInput,
  createTripInput,
  createVehicleInput,
  driverDocumentsOutput,
  driverLocationInput,
  driverSetStatusOutput,
  driverStartDeliveryOutput,
  driverTripOutput,
  driverTripsInput,
  driverTripsOutput,
  driverUpdateLocationOutput,
  driverUploadDocumentsOutput,
  exchangeTripsInput,
  idInput,
  listDriversInput,
  listTripsInput,
  listVehiclesInput,
  schedulableInput,
  startDeliveryInput,
  tripRouteInput,
  tripStatusInput,
  updateDriverInput,
  updateTripInput,
  updateVehicleInput,
  uploadTripDocumentsInput,
} from '../../../shared/schemas/drivers';
import { adminProcedure, companyProcedure, driverProcedure, router, serve } from '../../trpc/init';
import * as service from './service';

/**
 * The driver app's own procedures (driver token audience), mounted as `driver.*`: the client sends the
 * driver token for exactly this prefix (docs/decisions/0044).
 */
export const driverRouter = router({
  me: driverProcedure.query(serve(service.me)),
  trips: driverProcedure.input(driverTripsInput).output(driverTripsOutput).query(serve(service.myTrips)),
  trip: driverProcedure.input(idInput).output(driverTripOutput).query(serve(service.myTrip)),
  setStatus: driverProcedure.input(tripStatusInput).output(driverSetStatusOutput).mutation(serve(service.setTripStatus)),
  startDelivery: driverProcedure.input(startDeliveryInput).output(driverStartDeliveryOutput).mutation(serve(service.startDelivery)),
  updateLocation: driverProcedure.input(driverLocationInput).output(driverUpdateLocationOutput).mutation(serve(service.updateLocation)),
  route: driverProcedure.input(tripRouteInput).query(serve(service.myTripRoute)),
  documents: driverProcedure.input(idInput).output(driverDocumentsOutput).query(serve(service.myDocuments)),
  uploadDocuments: driverProcedure.input(uploadTripDocumentsInput).output(driverUploadDocumentsOutput).mutation(serve(service.uploadDocuments)),
});

/** Drivers, vehicles and trips for administrators (user token), and a synergy's trips for its two companies. */
export const driversRouter = router({
  exchangeTrips: companyProcedure.input(exchangeTripsInput).query(serve(service.exchangeTrips)),
  admin: router({
    drivers: adminProcedure.input(listDriversInput).output(adminDriversOutput).query(serve(service.listDrivers)),
    driver: adminProcedure.input(idInput).output(adminDriverOutput).query(serve(service.getDriver)),
    createDriver: adminProcedure.input(createDriverInput).output(adminCreateDriverOutput).mutation(serve(service.createDriver)),
    updateDriver: adminProcedure.input(updateDriverInput).output(adminUpdateDriverOutput).mutation(serve(service.updateDriver)),
    deleteDriver: adminProcedure.input(idInput).output(adminDeleteDriverOutput).mutation(serve(service.deleteDriver)),
    vehicles: adminProcedure.input(listVehiclesInput).output(adminVehiclesOutput).query(serve(service.listVehicles)),
    vehicle: adminProcedure.input(idInput).output(adminVehicleOutput).query(serve(service.getVehicle)),
    createVehicle: adminProcedure.input(createVehicleInput).output(adminCreateVehicleOutput).mutation(serve(service.createVehicle)),
    updateVehicle: adminProcedure.input(updateVehicleInput).output(adminUpdateVehicleOutput).mutation(serve(service.updateVehicle)),
    deleteVehicle: adminProcedure.input(idInput).output(adminDeleteVehicleOutput).mutation(serve(service.deleteVehicle)),
    trips: adminProcedure.input(listTripsInput).output(adminTripsOutput).query(serve(service.listTrips)),
    trip: adminProcedure.input(idInput).output(adminTripOutput).query(serve(service.getTripForAdmin)),
    createTrip: adminProcedure.input(createTripInput).output(adminCreateTripOutput).mutation(serve(service.createTrip)),
    updateTrip: adminProcedure.input(updateTripInput).output(adminUpdateTripOutput).mutation(serve(service.updateTrip)),
    tripRoute: adminProcedure.input(idInput).query(serve(service.tripRouteForAdmin)),
    schedulable: adminProcedure.input(schedulableInput).query(serve(service.schedulable)),
    livePositions: adminProcedure.query(serve(service.livePositions)),
  }),
});
