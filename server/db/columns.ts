// Column sets that several modules' repos select the same way, so each names them once.
import { company_addresses } from '../../drizzle/schema';

/** Where a company address is: its street, city, state, zip code, country and coordinates. */
export const companyAddressColumns = {
  address: company_addresses.address,
  city: company_addresses.city,
  state: company_addresses.state,
  zip_code: company_addresses.zip_code,
  country: company_addresses.country,
  latitude: company_addresses.latitude,
  longitude: company_addresses.longitude,
};
